import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'layers');

/** The violations `npm run lint` reports for a tree, as "rule: from -> to". */
async function violations(cwd: string): Promise<string[]> {
  const cli = path.join(ROOT, 'node_modules', '.bin', 'depcruise');
  const config = path.join(ROOT, '.dependency-cruiser.cjs');
  const run = promisify(execFile)(cli, ['server', '--config', config, '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  // depcruise exits non-zero when it finds violations; its report is on stdout either way.
  const { stdout } = await run.catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const report = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort();
}

it('the layer rules catch an import that runs back up, a domain speaking HTTP and a circle of folders', async () => {
  expect(await violations(FIXTURE)).toEqual([
    'domains-speak-no-http: server/trading/ticker.ts -> server/platform/http/route.ts',
    'no-folder-circles: server/identity/auth -> server/identity/sessions',
    'no-folder-circles: server/identity/sessions -> server/identity/auth',
    'platform-imports-no-higher-layer: server/platform/clock.ts -> server/gateways/web/page.ts',
  ]);
});
