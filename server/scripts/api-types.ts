import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import openapiTS, { astToString } from 'openapi-typescript';
import { createExchange } from '../app';
import { loadConfig } from '../platform/config/config';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres';
import { createLogger } from '../platform/logger/logger';

/**
 * The client's types of every route, generated from the OpenAPI description:
 * - `npm run api:types` writes them to API_TYPES_FILE, from the routes of an exchange started on an
 *   in-memory database;
 * - with `--stdin` it prints those of the description read from standard input (the test that finds
 *   a stale file runs it so: openapi-typescript loads ES modules, which jest cannot).
 */
const API_TYPES_FILE = path.resolve(__dirname, '..', '..', 'client', 'src', 'api', 'schema.d.ts');

const HEADER = `/**
 * The API's paths, requests and answers, generated from the server's route declarations by
 * \`npm run api:types\`. Do not edit: change the routes' zod schemas and run it again.
 */

`;

async function renderApiTypes(openApi: object): Promise<string> {
  // Through JSON, as it is served: the description read from HTTP and the one built here give the same text.
  const nodes = await openapiTS(JSON.parse(JSON.stringify(openApi)), { silent: true });
  return HEADER + astToString(nodes);
}

/** The description from a whole exchange's routes (its modules make them, and need a database). */
async function describeRoutes(): Promise<object> {
  const database = await startEmbeddedPostgres(null);
  try {
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Named, so that no administrator's password is generated and printed.
      ADMIN_EMAIL: 'admin@api-types.invalid',
      ADMIN_PASSWORD: randomBytes(16).toString('hex'),
      MARKET_FEED: 'off',
      MARKET_MAKER: 'off',
      LOG_LEVEL: 'silent',
    });
    const exchange = await createExchange(config, createLogger('silent'));
    await exchange.close();
    return exchange.openApi;
  } finally {
    await database.stop();
  }
}

async function main() {
  if (process.argv.includes('--stdin')) {
    process.stdout.write(await renderApiTypes(JSON.parse(await text(process.stdin))));
    return;
  }
  writeFileSync(API_TYPES_FILE, await renderApiTypes(await describeRoutes()));
  console.log(`Wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
