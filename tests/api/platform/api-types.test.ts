import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SCRIPT = path.join(ROOT, 'server', 'scripts', 'api-types.ts');
const API_TYPES_FILE = path.join(ROOT, 'client', 'src', 'api', 'schema.d.ts');

let server: TestExchange;
beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

/** The types the generator makes of a description, from its --stdin mode in a process of its own. */
function generateTypes(openApi: unknown): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, '--stdin'], {
    cwd: ROOT,
    input: JSON.stringify(openApi),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the generator failed: ${run.stderr}`);
  return run.stdout;
}

/** The first line where two texts differ, counted from 1. */
function firstDifferentLine(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  const index = left.findIndex((line, i) => line !== right[i]);
  return (index === -1 ? left.length : index) + 1;
}

it('the checked-in client API types are those of the served OpenAPI description', async () => {
  const served = await new ApiClient(server.url).get('/openapi.json');
  expect(served.status).toBe(200);
  const fresh = generateTypes(served.body);
  const checkedIn = readFileSync(API_TYPES_FILE, 'utf8');
  if (checkedIn !== fresh) {
    const file = path.relative(ROOT, API_TYPES_FILE);
    const line = firstDifferentLine(checkedIn, fresh);
    throw new Error(`${file} is stale from line ${line} on: run \`npm run api:types\` and commit the result`);
  }
});
