import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { logAppErrors } from '../../../server/platform/http/app-errors';
import { createLogger } from '../../../server/platform/logger/logger';
import { startExchangeProcess, type ExchangeProcess } from '../../support/exchange-process';

/** Far more than the socket buffers between client and server hold: the server is still writing when the client leaves. */
const ASSET_BYTES = 32 * 1024 * 1024;

let exchange: ExchangeProcess;

/** A built client whose one asset is large. */
function builtClientWithLargeAsset(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Exchange</title>');
  writeFileSync(path.join(dist, 'assets', 'bundle-1a2b3c.js'), Buffer.alloc(ASSET_BYTES, 'a'));
  return dist;
}

/** Starts downloading the asset and drops the connection once the first bytes of the body arrive. */
function abortedDownload(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET /assets/bundle-1a2b3c.js HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: identity\r\n\r\n`),
    );
    socket.once('data', () => socket.destroy());
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });
}

beforeAll(async () => {
  exchange = await startExchangeProcess({ CLIENT_DIST: builtClientWithLargeAsset(), LOG_LEVEL: 'info' });
}, 90_000);
afterAll(() => exchange.kill('SIGTERM'));

test('a download the client abandons halfway leaves no error in the output, and the server keeps serving', async () => {
  for (let download = 0; download < 3; download++) await abortedDownload(exchange.url);
  // The server notices the closed connection at its next write: well within this.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect((await fetch(`${exchange.url}/api/health`)).status).toBe(200);
  const output = exchange.output();
  expect(output).not.toMatch(/ERR_STREAM_PREMATURE_CLOSE|ECONNRESET|EPIPE|"level":50|\n\s+at /);
  // The request log still records each download.
  expect(output.match(/bundle-1a2b3c\.js/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
});

test('an answer that fails on the server side after its headers went out is logged as an error', async () => {
  const logged: Array<Record<string, any>> = [];
  const app = new Koa();
  logAppErrors(app, createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) }));
  app.use((ctx) => {
    ctx.body = new Readable({
      read() {
        this.push('first part');
        this.destroy(new Error('disk read failed'));
      },
    });
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/report?token=secret`)
      .then((answer) => answer.text())
      .catch(() => undefined);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'answer failed',
        path: '/report',
        err: expect.objectContaining({ message: 'disk read failed' }),
      }),
    ]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
