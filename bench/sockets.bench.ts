/**
 * What idle Socket.IO connections cost the server: the exchange runs as `npm start` runs it
 * (compiled, its node flags) with nothing trading; clients in processes of their own open
 * connections BENCH_STEP at a time up to BENCH_SOCKETS, and after each step, once the server has
 * settled, its resident memory is read (Linux /proc). Then the server's CPU over a whole ping
 * interval with them all open.
 * Usage: npm run bench:sockets (BENCH_SOCKETS, BENCH_STEP, BENCH_CLIENT_PROCESSES they are spread
 * over, BENCH_TRANSPORT websocket or polling; DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
 * names the server where bench_sockets_<ts> is created and dropped).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { withBenchExchange } from './exchange-server';
import { processCpu, processMemory } from './process-cpu';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const STEP = Number(process.env.BENCH_STEP ?? 1_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
/** websocket: as the web client is once upgraded; polling: a session that stays on long polling. */
const TRANSPORT = process.env.BENCH_TRANSPORT ?? 'websocket';
/** Connections opened at once in a client process, as a crowd arriving, not as one burst. */
const CONNECT_WAVE = 100;
/** After a step, time for the server's garbage of the handshakes to be collected before its memory is read. */
const SETTLE_SECONDS = 5;
/** Socket.IO's ping interval (25 s) and a margin: the CPU window sees every socket's ping. */
const IDLE_SECONDS = 30;

/** In a client process: opens the connections it is asked for, answers how many are open. */
function clients(url: string) {
  const sockets: Socket[] = [];
  let failed = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      const socket = io(url, { path: '/socket.io', transports: [TRANSPORT], forceNew: true, reconnection: false });
      socket.once('connect', () => {
        sockets.push(socket);
        resolve();
      });
      socket.once('connect_error', () => {
        failed++;
        socket.close();
        resolve();
      });
    });
  process.on('message', async (message: { open: number } | 'stop') => {
    if (message === 'stop') {
      sockets.forEach((socket) => socket.close());
      process.exit(0);
    }
    for (let left = message.open; left > 0; left -= CONNECT_WAVE)
      await Promise.all(Array.from({ length: Math.min(CONNECT_WAVE, left) }, open));
    process.send!({ open: sockets.filter((socket) => socket.connected).length, failed });
  });
}

/** Asks a client process to open `count` more connections; resolves to how many it has open, and its failures. */
function openMore(child: ChildProcess, count: number): Promise<{ open: number; failed: number }> {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send({ open: count });
  });
}

async function main() {
  const env = { MARKET_MAKER: 'off', MARKET_FEED: 'off', SOCKET_CONNECTION_LIMIT: '0', CLIENT_DIST: '/nonexistent' };
  await withBenchExchange('sockets', { env, connections: 1 }, async ({ server }) => {
    const children = Array.from({ length: CLIENT_PROCESSES }, () =>
      fork(__filename, ['clients', server.url], { execArgv: process.execArgv }),
    );
    try {
      await sleep(SETTLE_SECONDS * 1000);
      const baseline = processMemory(server.pid).rssMb;
      const rows = [
        { sockets: 0, 'RSS MB': baseline.toFixed(0), 'MB per 1,000 (step)': '-', 'MB per 1,000 (all)': '-' },
      ];
      let previous = baseline;
      for (let total = STEP; total <= SOCKETS; total += STEP) {
        const counts = await Promise.all(
          children.map((child, i) =>
            openMore(child, Math.floor(STEP / CLIENT_PROCESSES) + (i < STEP % CLIENT_PROCESSES ? 1 : 0)),
          ),
        );
        const open = counts.reduce((sum, count) => sum + count.open, 0);
        const failed = counts.reduce((sum, count) => sum + count.failed, 0);
        if (failed > 0) console.warn(`${failed} connections refused or failed so far`);
        await sleep(SETTLE_SECONDS * 1000);
        const rss = processMemory(server.pid).rssMb;
        rows.push({
          sockets: open,
          'RSS MB': rss.toFixed(0),
          'MB per 1,000 (step)': (((rss - previous) * 1000) / STEP).toFixed(1),
          'MB per 1,000 (all)': (((rss - baseline) * 1000) / open).toFixed(1),
        });
        previous = rss;
      }
      const cpu0 = processCpu(server.pid);
      await sleep(IDLE_SECONDS * 1000);
      const idleCpu = (100 * (processCpu(server.pid) - cpu0)) / IDLE_SECONDS;
      console.log(`\nbench:sockets  idle Socket.IO connections over ${TRANSPORT}, ${STEP} at a time`);
      console.table(rows);
      console.log(`server CPU with them open, over ${IDLE_SECONDS} s: ${idleCpu.toFixed(1)}% of a core`);
      console.log(
        `load average at the end: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      for (const child of children) child.send('stop');
    }
  });
}

if (process.argv[2] === 'clients') clients(process.argv[3]!);
else void main();
