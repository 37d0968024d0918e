import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OrderBook, type Command } from '../../engine';
import { BTC } from './helpers';
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

  it('exercises trades, stops, self-trade prevention, amends and rejections', () => {
    const all = expected.slice(0, stream.length).join('\n');
    for (const type of ['"trade"', '"triggered"', '"SELF_TRADE"', '"amended"', '"rejected"', '"expired"']) {
      expect(all).toContain(type);
    }
  });
});
