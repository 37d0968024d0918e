import { reservePort, startExchangeProcess, type ExchangeProcess } from '../../support/exchange-process';

let exchange: ExchangeProcess | undefined;
afterEach(() => exchange?.kill('SIGTERM'));

/** Asks `url` every few milliseconds until `done`; the statuses of the answers (a refused connection is none). */
async function statusesWhileStarting(url: string, done: () => boolean): Promise<number[]> {
  const statuses: number[] = [];
  while (!done()) {
    const status = await fetch(url).then(
      (answer) => answer.status,
      () => null,
    );
    if (status !== null) statuses.push(status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return statuses;
}

test('a starting process takes no connection before its books serve: market data never answers 503', async () => {
  const port = await reservePort();
  let started = false;
  const watched = statusesWhileStarting(`http://127.0.0.1:${port}/api/v3/depth?symbol=XRPUSDT`, () => started);
  exchange = await startExchangeProcess({ PORT: String(port) });
  // A few more requests after the process is healthy.
  await new Promise((resolve) => setTimeout(resolve, 200));
  started = true;
  const statuses = await watched;
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set([200]));
}, 90_000);
