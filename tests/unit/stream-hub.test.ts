import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createLogger } from '../../server/platform/logger/logger';
import { IpBans } from '../../server/gateways/binance/protocol/ip-bans';
import { WindowCounters } from '../../server/gateways/binance/protocol/window-counters';
import { createEventBus } from '../../server/platform/bus/event-bus';
import { loadConfig } from '../../server/platform/config/config';
import { ConnectionLimits, type ConnectionLimitSettings } from '../../server/gateways/connections/connection-limits';
import { MAX_BUFFERED_BYTES } from '../../server/gateways/streams/stream-connection';
import { BINANCE_KEEP_ALIVE, type KeepAlive } from '../../server/gateways/streams/keep-alive';
import { StreamHub } from '../../server/gateways/streams/stream-hub';
import { eventually } from '../support/eventually';
import { openingCatalog } from '../support/opening-catalog';

// Symbols are looked up in the catalog an exchange would load.
const catalog = openingCatalog();

/** The hub on an HTTP server of its own; `limits` are its connection limits, which a test may tighten before it connects. */
let httpServer: Server;
let hub: StreamHub;
let url: string;
let limits: ConnectionLimitSettings;
const clients: WebSocket[] = [];

/** Starts the hub, with Binance's keep-alive unless told otherwise. */
async function startHub(keepAlive: KeepAlive = BINANCE_KEEP_ALIVE) {
  httpServer = createServer();
  limits = { perAddress: 0, lifetimeMs: 86_400_000, socketsPerAddress: 0, perProcess: 1000 };
  const logger = createLogger('silent');
  const bans = new IpBans({
    config: loadConfig({}),
    redis: null,
    redisPrefix: 'test',
    bus: await createEventBus(null, 'test', logger),
    logger,
  });
  const connectionLimits = new ConnectionLimits(new WindowCounters(null, 'test'), limits, bans);
  hub = new StreamHub(httpServer, catalog, connectionLimits, () => '127.0.0.1', logger, keepAlive);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
}
afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  hub.close();
  await new Promise((resolve) => httpServer.close(resolve));
});

async function connect(path: string, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  const client = new WebSocket(`${url}${path}`, options);
  clients.push(client);
  await new Promise((resolve, reject) => {
    client.once('open', resolve);
    client.once('error', reject);
  });
  return client;
}

const closed = (client: WebSocket) => new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));

describe('keep-alive', () => {
  // Short, so that what takes Binance a minute takes a moment (pings at most 4 a second: a pong
  // counts as one of the 5 messages a second a client may send).
  beforeEach(() => startHub({ pingIntervalMs: 250, pongTimeoutMs: 600 }));

  it('pings every connection; one that answers stays, one that never does is dropped', async () => {
    const answering = await connect('/ws');
    const silent = await connect('/ws', { autoPong: false });
    let pings = 0;
    silent.on('ping', () => pings++);
    const dropped = closed(silent);
    expect(await dropped).toBe(1006); // terminated: no close frame
    expect(pings).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(answering.readyState).toBe(WebSocket.OPEN);
  });

  it('a pong the client sends unasked keeps its connection, as Binance allows', async () => {
    const client = await connect('/ws', { autoPong: false });
    const keepAlive = setInterval(() => client.pong(), 300);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(client.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(keepAlive);
    }
  });
});

describe('delivery and limits', () => {
  beforeEach(() => startHub());

  it('delivers an event to every subscriber, raw or wrapped, and to nobody else', async () => {
    const raw = await connect('/ws/btcusdt@trade');
    const wrapped = await connect('/stream?streams=btcusdt@trade');
    const other = await connect('/ws/ethusdt@trade');
    const received = (client: WebSocket) => {
      const messages: string[] = [];
      client.on('message', (data, isBinary) => messages.push(`${isBinary ? 'binary ' : ''}${data.toString()}`));
      return messages;
    };
    const [toRaw, toWrapped, toOther] = [received(raw), received(wrapped), received(other)];
    hub.deliver([{ stream: 'btcusdt@trade', data: '{"e":"trade","t":1}' }]);
    // Delivered in the hub's next flush: wait for both subscribers' copies, then a moment for a stray one.
    await eventually(async () => (toRaw.length > 0 && toWrapped.length > 0 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toRaw).toEqual(['{"e":"trade","t":1}']);
    expect(toWrapped).toEqual(['{"stream":"btcusdt@trade","data":{"e":"trade","t":1}}']);
    expect(toOther).toEqual([]);
  });

  it('drops a client that stops reading once what waits for it passes the limit, and serves the others', async () => {
    const slow = await connect('/ws/btcusdt@trade');
    const reading = await connect('/ws/ethusdt@trade');
    let read = 0;
    reading.on('message', () => read++);
    // The slow client reads nothing: the kernel's buffers fill, then the server's queue grows.
    const socket = (slow as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const big = { stream: 'btcusdt@trade', data: JSON.stringify({ e: 'trade', padding: 'x'.repeat(64 * 1024) }) };
    const small = { stream: 'ethusdt@trade', data: '{"e":"trade"}' };
    let sent = 0;
    for (; hub.listened('btcusdt@trade') && sent < 4000; sent++) {
      hub.deliver([big, small]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Dropped by the limit, long before the loop's end: what was sent is the kernel's buffers and about a MiB more.
    expect(hub.listened('btcusdt@trade')).toBe(false);
    expect(sent * 64 * 1024).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(sent).toBeLessThan(4000);
    const dropped = closed(slow);
    socket.resume();
    expect(await dropped).toBe(1006);
    // Every small message reaches the reader, however long a loaded machine takes to deliver them.
    await eventually(async () => (read >= sent ? true : undefined), 10_000, `${sent} messages read`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toBe(sent);
    expect(reading.readyState).toBe(WebSocket.OPEN);
  });

  it("refuses an address's connections past its limit with 429 before they become WebSockets", async () => {
    limits.perAddress = 2;
    await connect('/ws');
    await connect('/ws/btcusdt@trade');
    const refused = new WebSocket(`${url}/ws`);
    refused.on('error', () => undefined);
    const answer = await new Promise<{ status: number; retryAfter: number; body: unknown }>((resolve) =>
      refused.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            retryAfter: Number(response.headers['retry-after']),
            body: JSON.parse(body),
          }),
        );
      }),
    );
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBeGreaterThan(0);
    expect(answer.retryAfter).toBeLessThanOrEqual(300);
    expect(answer.body).toEqual({
      code: -1003,
      msg: 'Too many new connections from this address; at most 2 per 5 minutes.',
    });
    // The two admitted keep working.
    expect(clients.slice(0, 2).every((client) => client.readyState === WebSocket.OPEN)).toBe(true);
  });

  it('closes a connection once its lifetime is over, normally, so that its client reconnects', async () => {
    limits.lifetimeMs = 300;
    const client = await connect('/ws/btcusdt@trade');
    const closing = new Promise<{ code: number; reason: string }>((resolve) =>
      client.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(await closing).toEqual({ code: 1000, reason: 'Connection lifetime reached, please reconnect' });
    await eventually(async () => (hub.listened('btcusdt@trade') ? undefined : true));
  });
});
