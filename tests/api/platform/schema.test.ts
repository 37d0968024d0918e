import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;
beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

it('has migrations that build exactly the schema the entities describe', async () => {
  const pending = await server.exchange.context.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((query) => query.query)).toEqual([]);
});
