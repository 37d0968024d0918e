import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OrderBook, type Command, type EngineEvent } from '../../engine';
import { BTC, ofType } from './helpers';
import { replayStream } from './replay-stream';

const fixture = (name: string) =>
  readFileSync(join(__dirname, 'fixtures', name), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0);

describe('replay of a recorded command stream', () => {
  const stream = fixture('stream.jsonl').map((line) => JSON.parse(line) as Command);
  const expected = fixture('expected-events.jsonl');

  it('the recorded stream is still what the seeded generator makes', () => {
    expect(stream).toEqual(JSON.parse(JSON.stringify(replayStream())));
  });

  it('yields exactly the recorded events and reaches the recorded state hash', () => {
    const book = new OrderBook(BTC);
    stream.forEach((command, i) => {
      expect(JSON.stringify(book.apply(command))).toBe(expected[i]);
    });
    expect(JSON.parse(expected[stream.length])).toEqual({ stateHash: book.stateHash() });
  });

  it('exercises trades, stops, self-trade prevention, amends, order lists and rejections', () => {
    const all = expected.slice(0, stream.length).join('\n');
    const types = ['"trade"', '"triggered"', '"SELF_TRADE"', '"amended"', '"rejected"', '"expired"', '"prevented"'];
    const lists = ['"list_status"', '"activated"', '"all_done"', '"LIST"'];
    for (const type of [...types, ...lists]) {
      expect(all).toContain(type);
    }
  });

  it('exercises take-profit orders, triggered trailing stops and icebergs showing their next slice', () => {
    const events = expected.slice(0, stream.length).flatMap((line) => JSON.parse(line) as EngineEvent[]);
    const accepted = ofType(events, 'accepted');
    const kinds = (pick: (e: (typeof accepted)[number]) => boolean) =>
      new Set(accepted.filter(pick).map((e) => e.orderId));
    const takeProfit = kinds((e) => e.orderType.startsWith('take_profit'));
    const trailing = kinds((e) => e.trailingDelta !== undefined);
    const icebergs = kinds((e) => e.icebergQty !== undefined);
    const triggered = ofType(events, 'triggered');
    expect(triggered.some((e) => takeProfit.has(e.orderId))).toBe(true);
    expect(triggered.filter((e) => trailing.has(e.orderId)).length).toBeGreaterThan(5);
    // A maker met twice by one taker: an iceberg that showed its next slice.
    const trades = ofType(events, 'trade');
    const again = trades.filter((t, i) =>
      trades.some((u, j) => j < i && u.makerOrderId === t.makerOrderId && u.takerOrderId === t.takerOrderId),
    );
    expect(again.some((t) => icebergs.has(t.makerOrderId))).toBe(true);
  });
});
