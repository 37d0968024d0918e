import fc from 'fast-check';
import { DepthWindows, type WindowDiff } from '../../server/trading/market-data/depth-windows';
import type { BookDiff } from '../../server/trading/market-relay';

/**
 * The book diffs of one market as the bus may bring them: in order, a message now and then lost
 * (a gap in the ids) or delivered twice (a late retry), some rounds moving no level.
 */
const deliveries = fc.array(
  fc.record({
    commands: fc.integer({ min: 1, max: 4 }),
    levels: fc.array(fc.tuple(fc.constantFrom('bids', 'asks'), fc.integer({ min: 1, max: 6 }), fc.nat({ max: 3 })), {
      maxLength: 3,
    }),
    fate: fc.constantFrom('delivered', 'delivered', 'delivered', 'delivered', 'lost', 'twice'),
    /** Whether the window closes (its time is up) after this one. */
    pause: fc.boolean(),
  }),
  { maxLength: 40 },
);

type Book = { bids: Map<string, string>; asks: Map<string, string> };
const apply = (book: Book, diff: { bids: Array<[string, string]>; asks: Array<[string, string]> }) => {
  for (const [price, quantity] of diff.bids) book.bids.set(price, quantity);
  for (const [price, quantity] of diff.asks) book.asks.set(price, quantity);
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('emitted diffs cover every id delivered, contiguous except after a lost message, and build the same book', () => {
  fc.assert(
    fc.property(deliveries, (steps) => {
      const emitted: WindowDiff[] = [];
      const windows = new DepthWindows(100, (diff) => emitted.push(diff));
      const delivered: BookDiff[] = [];
      let next = 1;
      for (const step of steps) {
        const diff: BookDiff = {
          symbol: 'BTCUSDT',
          firstUpdateId: next,
          lastUpdateId: next + step.commands - 1,
          bids: step.levels.filter(([side]) => side === 'bids').map(([, p, q]) => [String(p), String(q)]),
          asks: step.levels.filter(([side]) => side === 'asks').map(([, p, q]) => [String(p), String(q)]),
          bestBid: null,
          bestAsk: null,
        };
        next = diff.lastUpdateId + 1;
        if (step.fate !== 'lost') {
          windows.add(diff);
          delivered.push(diff);
        }
        if (step.fate === 'twice') windows.add(diff);
        if (step.pause) jest.advanceTimersByTime(100);
      }
      jest.advanceTimersByTime(100);
      windows.stop();

      // Every id delivered is covered by exactly one emitted diff, none that was lost.
      const covered = emitted.flatMap((d) =>
        Array.from({ length: d.lastUpdateId - d.firstUpdateId + 1 }, (_, i) => d.firstUpdateId + i),
      );
      const deliveredIds = delivered.flatMap((d) =>
        Array.from({ length: d.lastUpdateId - d.firstUpdateId + 1 }, (_, i) => d.firstUpdateId + i),
      );
      expect(covered).toEqual(deliveredIds);
      // Where an emitted diff does not continue the one before, a message was lost in between.
      for (let i = 1; i < emitted.length; i++) {
        const contiguous = emitted[i]!.firstUpdateId === emitted[i - 1]!.lastUpdateId + 1;
        const lostBetween = !deliveredIds.includes(emitted[i]!.firstUpdateId - 1);
        expect(contiguous).toBe(!lostBetween);
      }
      // Applied in order, the emitted diffs leave the book the delivered ones leave.
      const fromEmitted: Book = { bids: new Map(), asks: new Map() };
      const fromDelivered: Book = { bids: new Map(), asks: new Map() };
      emitted.forEach((d) => apply(fromEmitted, d));
      delivered.forEach((d) => apply(fromDelivered, d));
      expect(fromEmitted).toEqual(fromDelivered);
    }),
  );
});

it('a window waits its interval, merging the diffs it receives into one', () => {
  const emitted: WindowDiff[] = [];
  const windows = new DepthWindows(100, (diff) => emitted.push(diff));
  const diff = (first: number, last: number, bids: Array<[string, string]>): BookDiff => ({
    symbol: 'ETHUSDT',
    firstUpdateId: first,
    lastUpdateId: last,
    bids,
    asks: [],
    bestBid: null,
    bestAsk: null,
  });
  windows.add(diff(5, 6, [['100', '1']]));
  jest.advanceTimersByTime(50);
  windows.add(
    diff(7, 7, [
      ['100', '0'],
      ['99', '2'],
    ]),
  );
  expect(emitted).toEqual([]);
  jest.advanceTimersByTime(50);
  expect(emitted).toEqual([
    {
      symbol: 'ETHUSDT',
      firstUpdateId: 5,
      lastUpdateId: 7,
      bids: [
        ['100', '0'],
        ['99', '2'],
      ],
      asks: [],
    },
  ]);
  windows.stop();
});
