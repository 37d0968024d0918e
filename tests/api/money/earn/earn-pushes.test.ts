import { sweepDuePositions } from '../../../../server/money/earn/earn-runner';
import { traderWithDeposit, useBackOfficeExchange } from '../../../support/back-office';
import { registerTrader } from '../../../support/http-client';
import { RecordingSocket } from '../../../support/market-socket';
import { createProduct, FLEXIBLE, LOCKED } from './earn-fixtures';

/**
 * What a trader's open pages are told of Earn once it commits: the new dollar balance ('balance',
 * as funding and trading push it) and the position as listed ('earn-position'), for a subscription,
 * a redemption, and the runner's interest credits and maturities; nobody else hears of them.
 */
const suite = useBackOfficeExchange();
const dataSource = () => suite.server.exchange.context.dataSource;

const sockets: RecordingSocket[] = [];
const connect = async (token: string) => {
  const socket = await RecordingSocket.connect(suite.server.url, token);
  sockets.push(socket);
  return socket;
};
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** Time for a message that would wrongly arrive to arrive, after the ones that must have arrived did. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** What the socket heard of Earn (the venue's quotes reach every socket meanwhile). */
const earnEvents = (socket: RecordingSocket) =>
  socket.events.filter((e) => e.event === 'balance' || e.event === 'earn-position');

it("a subscription and a redemption push the new balance and the position to the trader's sockets only", async () => {
  const product = await createProduct(suite.admin, FLEXIBLE);
  const { client } = await traderWithDeposit(suite.server, suite.admin, 500);
  const socket = await connect(client.token!);
  const bystander = await connect((await registerTrader(suite.api)).client.token!);

  const subscribed = (await client.post('/earn/subscribe', { product_id: product.id, amount: '120.5' })).body;
  expect(await socket.next('balance', (data) => data.balance === 379.5)).toEqual({ balance: 379.5 });
  expect(await socket.next('earn-position', (data) => data.status === 'active')).toEqual(subscribed);

  const redeemed = (await client.post('/earn/redeem', { position_id: subscribed.id })).body;
  expect(redeemed.status).toBe('redeemed');
  expect(await socket.next('balance', (data) => data.balance === 500)).toEqual({ balance: 500 });
  expect(await socket.next('earn-position', (data) => data.status === 'redeemed')).toEqual(redeemed);
  // In the order committed: each change's balance, then its position.
  expect(earnEvents(socket).map((e) => e.event)).toEqual(['balance', 'earn-position', 'balance', 'earn-position']);

  // A refused redemption changed nothing: nothing is pushed.
  expect((await client.post('/earn/redeem', { position_id: subscribed.id })).status).toBe(409);
  await settle();
  expect(earnEvents(socket)).toHaveLength(4);
  expect(earnEvents(bystander)).toEqual([]);
});

it("the runner's interest credit pushes the position, its maturity the balance too", async () => {
  const flexible = await createProduct(suite.admin, FLEXIBLE);
  const locked = await createProduct(suite.admin, LOCKED);
  const { client } = await traderWithDeposit(suite.server, suite.admin, 300);
  const saving = (await client.post('/earn/subscribe', { product_id: flexible.id, amount: '100' })).body;
  const staking = (await client.post('/earn/subscribe', { product_id: locked.id, amount: '100' })).body;
  const socket = await connect(client.token!);

  // The flexible position started two days and a half ago: two daily intervals have ended. The locked one's term is over.
  await dataSource().query(
    `UPDATE earn_positions SET started_at = started_at - interval '60 hours', due_at = clock_timestamp() WHERE id = $1`,
    [saving.id],
  );
  await dataSource().query(
    `UPDATE earn_positions SET matures_at = clock_timestamp(), due_at = clock_timestamp() WHERE id = $1`,
    [staking.id],
  );
  await sweepDuePositions(suite.server.exchange.context);

  const credited = await socket.next('earn-position', (data) => data.id === saving.id);
  expect(credited).toEqual((await client.get('/earn/positions')).body.find((p: { id: string }) => p.id === saving.id));
  expect(credited).toMatchObject({ status: 'active', accrued: expect.stringMatching(/^0\.0[1-9]/) });
  const matured = await socket.next('earn-position', (data) => data.id === staking.id);
  expect(matured).toMatchObject({ status: 'matured', closed_at: expect.any(String) });
  // 300 deposited, 200 placed, the locked 100 paid back (no daily interval ended within its shortened term).
  expect(await socket.next('balance')).toEqual({ balance: 200 });
  await settle();
  // The interest moved nothing of the trader's balance: one balance push, the maturity's.
  expect(earnEvents(socket).map((e) => e.event)).toEqual(['earn-position', 'balance', 'earn-position']);
});
