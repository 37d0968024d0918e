/** Writes fixtures/stream.jsonl and fixtures/expected-events.jsonl from the seeded replay stream. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OrderBook } from '../../engine';
import { BTC } from './helpers';
import { replayStream } from './replay-stream';

const commands = replayStream();
const book = new OrderBook(BTC);
const expected = commands.map((c) => JSON.stringify(book.apply(c)));
expected.push(JSON.stringify({ stateHash: book.stateHash() }));
const dir = join(__dirname, 'fixtures');
writeFileSync(join(dir, 'stream.jsonl'), commands.map((c) => JSON.stringify(c)).join('\n') + '\n');
writeFileSync(join(dir, 'expected-events.jsonl'), expected.join('\n') + '\n');
console.log(`wrote ${commands.length} commands, state hash ${book.stateHash()}`);
