/**
 * What HTTP alone costs per order request on this machine, the floor under bench:orders' server CPU:
 * the same request (an order's JSON body, a bearer token) and the same size of answer, served by a
 * bare node:http server, and by koa with koa-body and @koa/router set up as the exchange sets them
 * up, without any work behind. Each server runs in a child process; keep-alive undici clients load
 * it; the server's CPU per request comes from /proc.
 * Usage: npm run bench:http (BENCH_SECONDS, BENCH_CLIENTS).
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { Pool } from 'undici';
import { DEFAULT_BODY_LIMIT, jsonBodyReader } from '../server/platform/http/request-body';
import { processCpu } from './process-cpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 96);
/** Routes besides the order's, as many as the exchange mounts, so the router searches as it does there. */
const OTHER_ROUTES = 60;

const ORDER_VIEW = {
  id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  symbol: 'BTC/USDT',
  type: 'limit',
  side: 'buy',
  price: 100000,
  stop_price: null,
  amount: 0.002,
  filled: 0,
  average_price: null,
  status: 'new',
  time_in_force: 'GTC',
  created_at: new Date().toISOString(),
  fills: [],
};

type Variant = 'node:http' | 'koa';

/** The bare server: read the body, parse it, answer. */
function bare(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString());
    const body = JSON.stringify(ORDER_VIEW);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}

/** koa as server/app.ts has it: an error middleware, a router under /api, the route reading its JSON body. */
function koaApp() {
  const app = new Koa({ proxy: false });
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch {
      ctx.status = 500;
    }
  });
  const readBody = jsonBodyReader(DEFAULT_BODY_LIMIT);
  const router = new Router({ prefix: '/api' });
  for (let i = 0; i < OTHER_ROUTES; i++) router.get(`/other/${i}`, (ctx) => (ctx.body = {}));
  router.post('/trading/order', async (ctx) => {
    await readBody(ctx);
    ctx.body = { ...ORDER_VIEW };
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app.callback();
}

/** In the child: serve one variant on a free port and report the port. */
function serve(variant: Variant) {
  const server = createServer(variant === 'koa' ? koaApp() : bare);
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}

async function measure(variant: Variant) {
  const child = spawn(process.execPath, [...process.execArgv, __filename, variant], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  const http = new Pool(`http://127.0.0.1:${port}`, { connections: CLIENTS });
  const body = Buffer.from(
    JSON.stringify({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: 0.002, price: 99990 }),
  );
  // A token as long as the exchange's.
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${'x'.repeat(220)}` };
  let answered = 0;
  let done = false;
  const worker = async () => {
    while (!done) {
      const response = await http.request({ method: 'POST', path: '/api/trading/order', headers, body });
      await response.body.dump();
      answered++;
    }
  };
  const workers = Array.from({ length: CLIENTS }, worker);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  const [startCount, startCpu, startTime] = [answered, processCpu(child.pid!), performance.now()];
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const [count, cpu, seconds] = [
    answered - startCount,
    processCpu(child.pid!) - startCpu,
    (performance.now() - startTime) / 1000,
  ];
  done = true;
  await Promise.all(workers);
  await http.close();
  child.kill();
  return {
    server: variant,
    'requests/s': Math.round(count / seconds),
    'server CPU ms/request': ((1000 * cpu) / count).toFixed(3),
  };
}

async function main() {
  const results = [];
  for (const variant of ['node:http', 'koa', 'node:http', 'koa'] as const) results.push(await measure(variant));
  console.log(
    `\nbench:http  ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, ${CLIENTS} keep-alive clients, runs interleaved`,
  );
  console.table(results);
}

const variant = process.argv[2] as Variant | undefined;
if (variant) serve(variant);
else void main();
