import type { EntityManager } from 'typeorm';
import { post, type Posting } from '../ledger/ledger';
import type { BatchEffects } from './order-execution';
import type { OrderRow } from './order.entity';
import { orderRecord } from './order-views';
import type { MarketState } from './market-state';

/** Ledger entries per post() call: 8 parameters each stays well under PostgreSQL's 65,535. */
const LEGS_PER_POST = 4000;

/**
 * Writes one batch's effects inside the caller's transaction with a handful of statements whatever
 * the batch size: arrays through unnest() for orders, trades and the command log, postings through
 * the ledger in chunks. `stateHash` is recorded when given (a checkpoint recovery must reach).
 */
export async function writeBatch(manager: EntityManager, state: MarketState, effects: BatchEffects, stateHash: string | null): Promise<void> {
  for (const chunk of postingChunks(effects.postings)) await post(manager, ...chunk);
  const symbol = state.market.symbol;
  if (effects.orders.size > 0) await upsertOrders(manager, [...effects.orders.values()].map(orderRecord));
  if (effects.trades.length > 0) {
    const t = effects.trades;
    await manager.query(
      `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::varchar[],
                            $8::uuid[], $9::uuid[], $10::uuid[], $11::uuid[], $12::numeric[], $13::numeric[], $14::timestamptz[])`,
      [
        ...(['id', 'symbol', 'seq', 'price', 'amount', 'quote_amount', 'taker_side', 'maker_order_id', 'taker_order_id', 'maker_user_id', 'taker_user_id', 'maker_fee', 'taker_fee'] as const).map((key) => column(t, key)),
        t.map((r) => r.created_at.toISOString()),
      ],
    );
  }
  if (effects.commands.length > 0) {
    await manager.query(
      `INSERT INTO order_commands (symbol, seq, command) SELECT $1, * FROM unnest($2::bigint[], $3::jsonb[])`,
      [symbol, effects.commands.map((c) => c.seq), effects.commands.map((c) => JSON.stringify(c.command))],
    );
  }
  if (stateHash !== null) {
    await manager.query(
      `INSERT INTO book_states (symbol, seq, state_hash, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (symbol) DO UPDATE SET seq = EXCLUDED.seq, state_hash = EXCLUDED.state_hash, updated_at = now()`,
      [symbol, state.commandSeq, stateHash],
    );
  }
}

async function upsertOrders(manager: EntityManager, orders: OrderRow[]) {
  await manager.query(
    `INSERT INTO orders (id, user_id, symbol, side, type, time_in_force, price, stop_price, amount, filled, quote_filled,
                         reserved, status, seq, created_at, updated_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::numeric[],
                          $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::varchar[],
                          $14::bigint[], $15::timestamptz[], $16::timestamptz[])
     ON CONFLICT (id) DO UPDATE SET filled = EXCLUDED.filled, quote_filled = EXCLUDED.quote_filled,
                                    reserved = EXCLUDED.reserved, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    [
      ...(['id', 'user_id', 'symbol', 'side', 'type', 'time_in_force', 'price', 'stop_price', 'amount', 'filled', 'quote_filled', 'reserved', 'status', 'seq'] as const).map((key) => column(orders, key)),
      orders.map((o) => o.created_at.toISOString()),
      orders.map((o) => o.updated_at.toISOString()),
    ],
  );
}

/** One column of many rows, for an unnest() parameter. */
const column = <R, K extends keyof R>(rows: R[], key: K) => rows.map((row) => row[key]);

function* postingChunks(postings: Posting[]): Generator<Posting[]> {
  let chunk: Posting[] = [];
  let legs = 0;
  for (const posting of postings) {
    if (legs + posting.legs.length > LEGS_PER_POST && chunk.length > 0) {
      yield chunk;
      chunk = [];
      legs = 0;
    }
    chunk.push(posting);
    legs += posting.legs.length;
  }
  if (chunk.length > 0) yield chunk;
}
