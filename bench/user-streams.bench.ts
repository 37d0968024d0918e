/**
 * Binance user data streams: what building the events of a committed round costs, and how long
 * after an order's REST answer its executionReport reaches the WebSocket API subscribers.
 *
 * 1. Building: executionReports + outboundAccountPosition of synthetic rounds (BENCH_ORDERS orders
 *    of as many traders, half of them filled by one taker), every trader listened to; in this
 *    process, no I/O. Prints microseconds per event.
 * 2. Delivery: the compiled exchange in a process of its own on a fresh PostgreSQL database
 *    (in-memory bus), a buyer followed by N WebSocket API connections of this process
 *    (BENCH_CONNECTIONS, default "0,1,100"), and BENCH_ORDERS_SENT market buys (default 200), one at
 *    a time, each against a resting sell. Prints, per N, how long after the buy was sent its REST
 *    answer came and its TRADE report reached the first and the last connection (p50 / p99), and
 *    the server's CPU per buy (with its resting sell).
 * Usage: npm run bench:user-streams (DATABASE_URL names the server where bench_user_streams_<ts> is
 * created and dropped; default postgres://postgres@127.0.0.1:5432/test).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createDataSource } from '../server/platform/db/data-source';
import { accountPositions } from '../server/gateways/streams/user-data/account-events';
import { executionReports } from '../server/gateways/streams/user-data/execution-reports';
import { emptyEffects } from '../server/trading/round-writer/round-effects';
import type { OrderRow } from '../server/trading/orders/order.entity';
import type { TradeRow } from '../server/trading/orders/trade.entity';
import { approveKyc, credit } from '../tests/support/trader-fixtures';
import { call, withBenchExchange, TRADING_BENCH_ENV } from './exchange-server';
import { processCpu } from './process-cpu';
import { ENTITIES } from '../server/entities';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 256);
const SENT = Number(process.env.BENCH_ORDERS_SENT ?? 200);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '0,1,100').split(',').map(Number);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** A round as the sequencer reports it: ORDERS resting sells placed, half of them filled by one taker buy. */
function syntheticRound() {
  const now = new Date();
  const order = (i: number, side: 'buy' | 'sell', filled: string): OrderRow => ({
    id: randomUUID(),
    user_id: randomUUID(),
    symbol: 'BTCUSDT',
    side,
    type: 'limit',
    time_in_force: 'GTC',
    post_only: false,
    price: '65000.12',
    stop_price: null,
    trailing_time: null,
    prevented_amount: null,
    amount: '0.01',
    filled,
    quote_filled: (Number(filled) * 65000.12).toFixed(6),
    reserved: '0',
    status: filled === '0' ? 'new' : 'filled',
    seq: String(1000 + i),
    client_order_id: null,
    quote_amount: null,
    stp: 'cancel_newest',
    iceberg_amount: null,
    trailing_delta: null,
    list_id: null,
    created_at: now,
    updated_at: now,
  });
  const sells = Array.from({ length: ORDERS }, (_, i) => order(i, 'sell', i % 2 === 0 ? '0.01' : '0'));
  const taker = order(ORDERS, 'buy', ((ORDERS / 2) * 0.01).toFixed(2));
  const trades: TradeRow[] = sells
    .filter((_, i) => i % 2 === 0)
    .map((maker, k) => ({
      id: randomUUID(),
      symbol: 'BTCUSDT',
      seq: String(500 + k),
      price: '65000.12',
      amount: '0.01',
      quote_amount: '650.0012',
      taker_side: 'buy',
      maker_order_id: maker.id,
      taker_order_id: taker.id,
      maker_user_id: maker.user_id,
      taker_user_id: taker.user_id,
      maker_fee: '0.6500012',
      taker_fee: '0.6500012',
      created_at: now,
    }));
  const effects = { ...emptyEffects(), trades, placed: new Set([...sells, taker].map((o) => o.id)) };
  const balances = [...sells, taker].flatMap((o) => [
    { user_id: o.user_id, asset: 'USD', available: '1234.5', locked: '650.0012' },
    { user_id: o.user_id, asset: 'BTC', available: '0.02', locked: '0.01' },
  ]);
  return { orders: [...sells, taker], effects, balances };
}

function benchBuilding() {
  const round = syntheticRound();
  const everyone = () => true;
  const build = () => [
    ...executionReports(round, everyone, Date.now()),
    ...accountPositions(round.balances, everyone, Date.now(), Date.now()),
  ];
  const events = build().length;
  for (let i = 0; i < 20; i++) build();
  const runs = 200;
  const started = performance.now();
  for (let i = 0; i < runs; i++) build();
  const perRound = (performance.now() - started) / runs;
  console.log(
    `\nbuilding: a round of ${round.orders.length} orders, ${round.effects.trades.length} trades -> ${events} events`,
  );
  console.log(
    `  ${(perRound * 1000).toFixed(0)} us per round, ${((perRound * 1000) / events).toFixed(2)} us per event`,
  );
}

async function benchDelivery() {
  await withBenchExchange(
    'user-streams',
    { env: TRADING_BENCH_ENV, connections: 2 },
    async ({ server, http, databaseUrl }) => {
      const dataSource = createDataSource({ url: databaseUrl, poolSize: 1, entities: ENTITIES });
      await dataSource.initialize();
      const sockets: WebSocket[] = [];
      try {
        const trader = async (balances: Record<string, string>) => {
          const registered = await call(http, 'POST', '/auth/register', null, {
            email: `bench-${randomUUID().slice(0, 8)}@example.com`,
            password: 'bench-password-1',
            full_name: 'Bench Trader',
          });
          await approveKyc(dataSource, registered.body.user.id);
          for (const [asset, amount] of Object.entries(balances))
            await credit(dataSource, registered.body.user.id, asset, amount);
          const key = await call(http, 'POST', '/account/api-keys', registered.body.token, {
            label: 'bench',
            permissions: ['read', 'trade'],
          });
          return { apiKey: key.body.api_key as string, secret: key.body.secret as string };
        };
        const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
        const order = async (key: { apiKey: string; secret: string }, params: Record<string, string>) => {
          const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
          const response = await http.request({
            method: 'POST',
            path: `/api/v3/order?${query}&signature=${sign(key.secret, query)}`,
            headers: { 'X-MBX-APIKEY': key.apiKey },
          });
          const text = await response.body.text();
          if (response.statusCode !== 200) throw new Error(`order refused: ${text}`);
          return JSON.parse(text) as { orderId: number };
        };
        const buyer = await trader({ USD: '100000000' });
        const seller = await trader({ BTC: '1000' });
        const subscribe = async (arrivals: Map<number, number>) => {
          const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws-api/v3`);
          sockets.push(socket);
          await new Promise((resolve) => socket.once('open', resolve));
          const subscribed = new Promise((resolve) => socket.once('message', resolve));
          const timestamp = Date.now();
          const signature = sign(buyer.secret, `apiKey=${buyer.apiKey}&timestamp=${timestamp}`);
          const params = { apiKey: buyer.apiKey, timestamp, signature };
          socket.send(JSON.stringify({ id: 1, method: 'userDataStream.subscribe.signature', params }));
          await subscribed;
          socket.on('message', (data) => {
            const message = JSON.parse(data.toString());
            if (message.event?.x === 'TRADE') arrivals.set(message.event.i, performance.now());
          });
        };

        console.log(
          `\ndelivery: ${SENT} market buys one at a time, each filled by a resting sell; ms from sending the buy`,
        );
        console.log(
          'connections  REST answer p50 / p99   report, first connection p50 / p99   last connection p50 / p99   server CPU ms per buy',
        );
        for (const count of CONNECTIONS) {
          const arrivals = Array.from({ length: count }, () => new Map<number, number>());
          for (const connection of arrivals) await subscribe(connection);
          const answer: number[] = [];
          const first: number[] = [];
          const last: number[] = [];
          const cpuBefore = processCpu(server.pid);
          for (let n = 0; n < SENT; n++) {
            const sell = { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001' };
            await order(seller, { ...sell, price: '50000' });
            const sentAt = performance.now();
            const { orderId } = await order(buyer, {
              symbol: 'BTCUSDT',
              side: 'BUY',
              type: 'MARKET',
              quantity: '0.001',
            });
            answer.push(performance.now() - sentAt);
            for (let waited = 0; arrivals.some((a) => !a.has(orderId)); waited++) {
              if (waited > 100_000) throw new Error('a report did not arrive');
              await new Promise((resolve) => setImmediate(resolve));
            }
            const times = arrivals.map((a) => a.get(orderId)! - sentAt);
            if (count > 0) {
              first.push(Math.min(...times));
              last.push(Math.max(...times));
            }
          }
          const cpuPerBuy = ((processCpu(server.pid) - cpuBefore) * 1000) / SENT;
          const ms = (values: number[]) =>
            values.length === 0 ? '-' : `${percentile(values, 50).toFixed(2)} / ${percentile(values, 99).toFixed(2)}`;
          console.log(
            `${String(count).padStart(11)}  ${ms(answer).padStart(18)}   ${ms(first).padStart(33)}   ${ms(last).padStart(26)}   ${cpuPerBuy.toFixed(2).padStart(21)}`,
          );
          for (const socket of sockets.splice(0)) socket.close();
        }
      } finally {
        for (const socket of sockets) socket.terminate();
        await dataSource.destroy();
      }
    },
  );
}

async function main() {
  benchBuilding();
  await benchDelivery();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
