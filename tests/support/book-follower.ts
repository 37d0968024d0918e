import { eventually } from './eventually';
import { ApiClient } from './http-client';
import { LocalOrderBook, type DepthSnapshot, type DepthUpdate } from './local-order-book';
import { StreamClient } from './stream-client';

/** Levels a followed book is compared on: the most the web API's depth answers. */
export const FOLLOWED_LEVELS = 100;

/** The exchange's depth of `symbol` as a snapshot (the web API's, with its last_update_id). */
export const depthSnapshot = (baseUrl: string, symbol: string) => async (): Promise<DepthSnapshot> => {
  const depth = (await new ApiClient(baseUrl).get(`/market/depth?symbol=${symbol}&limit=${FOLLOWED_LEVELS}`)).body;
  return { lastUpdateId: depth.last_update_id, bids: depth.bids, asks: depth.asks };
};

/** A local book of `symbol` fed by a stream connection to `baseUrl` (`stream`: its diff stream); `updates`: the events, in order. */
export async function followBook(baseUrl: string, symbol: string, stream: string) {
  const client = await StreamClient.connect(baseUrl, `/ws/${stream}`);
  const book = new LocalOrderBook(depthSnapshot(baseUrl, symbol));
  const updates: DepthUpdate[] = [];
  client.socket.on('message', (data) => {
    const event = JSON.parse(data.toString());
    updates.push(event);
    book.onEvent(event);
  });
  await book.sync();
  return { client, book, updates };
}

/** Waits until the local book is as of the exchange's depth, then expects the two equal. */
export async function expectInSync(baseUrl: string, symbol: string, book: LocalOrderBook) {
  const snapshot = depthSnapshot(baseUrl, symbol);
  const rest = await eventually(
    async () => {
      const now = await snapshot();
      return book.lastUpdateId === now.lastUpdateId ? now : undefined;
    },
    10_000,
    'local book at the depth snapshot update id',
  );
  const expected = new LocalOrderBook(async () => rest);
  await expected.sync();
  expect(book.depth(FOLLOWED_LEVELS)).toEqual(expected.depth(FOLLOWED_LEVELS));
}

/** Expects each event to start right after the one before. */
export function expectContiguous(updates: DepthUpdate[]) {
  for (let i = 1; i < updates.length; i++) expect(updates[i]!.U).toBe(updates[i - 1]!.u + 1);
}
