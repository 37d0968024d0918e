import type { EntityManager } from 'typeorm';
import { post } from '../ledger/ledger';
import { USD } from '../markets/catalog';
import type { BatchEffects } from './order-execution';
import { orderRecord } from './order-views';
import type { MarketState } from './market-state';

/** One symbol's part of a commit; `stateHash` is recorded when given (a checkpoint recovery must reach). */
export interface MarketBatch {
  state: MarketState;
  effects: BatchEffects;
  stateHash: string | null;
}

/** A commit's postings, every symbol's together, through the ledger, inside the caller's transaction. */
export async function writePostings(manager: EntityManager, markets: MarketBatch[]): Promise<void> {
  await post(manager, ...markets.flatMap((m) => m.effects.postings));
}

/**
 * The rest of a commit's effects, every symbol's together, inside the caller's transaction: orders,
 * trades, command log and state hashes in ONE statement (arrays through unnest(), whatever the
 * size), which also answers the new USD balances of the users whose money moved. Not async: the
 * statement is sent at once, so the caller can send COMMIT right behind it.
 */
export function writeRows(manager: EntityManager, markets: MarketBatch[]): Promise<Array<{ user_id: string; available: string }>> {
  const orders = markets.flatMap((m) => [...m.effects.orders.values()].map(orderRecord));
  const trades = markets.flatMap((m) => m.effects.trades);
  const commands = markets.flatMap((m) => m.effects.commands.map((c) => ({ symbol: m.state.market.symbol, ...c })));
  const hashes = markets.flatMap((m) => (m.stateHash === null ? [] : [{ symbol: m.state.market.symbol, seq: m.state.commandSeq, hash: m.stateHash }]));
  const users = [...new Set(markets.flatMap((m) => [...m.effects.users]))];
  return manager.query(
    `WITH upserted_orders AS (
       INSERT INTO orders (id, user_id, symbol, side, type, time_in_force, price, stop_price, amount, filled, quote_filled,
                           reserved, status, seq, created_at, updated_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::numeric[],
                            $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::varchar[],
                            $14::bigint[], $15::timestamptz[], $16::timestamptz[])
       ON CONFLICT (id) DO UPDATE SET filled = EXCLUDED.filled, quote_filled = EXCLUDED.quote_filled,
                                      reserved = EXCLUDED.reserved, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
       RETURNING 1
     ), inserted_trades AS (
       INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       SELECT * FROM unnest($17::uuid[], $18::varchar[], $19::bigint[], $20::numeric[], $21::numeric[], $22::numeric[], $23::varchar[],
                            $24::uuid[], $25::uuid[], $26::uuid[], $27::uuid[], $28::numeric[], $29::numeric[], $30::timestamptz[])
       RETURNING 1
     ), logged_commands AS (
       INSERT INTO order_commands (symbol, seq, command) SELECT * FROM unnest($31::varchar[], $32::bigint[], $33::jsonb[])
       RETURNING 1
     ), checkpoints AS (
       INSERT INTO book_states (symbol, seq, state_hash, updated_at) SELECT *, now() FROM unnest($34::varchar[], $35::bigint[], $36::varchar[])
       ON CONFLICT (symbol) DO UPDATE SET seq = EXCLUDED.seq, state_hash = EXCLUDED.state_hash, updated_at = now()
        WHERE book_states.seq < EXCLUDED.seq
       RETURNING 1
     )
     SELECT user_id, available FROM accounts WHERE user_id = ANY($37::uuid[]) AND asset = $38`,
    [
      ...(['id', 'user_id', 'symbol', 'side', 'type', 'time_in_force', 'price', 'stop_price', 'amount', 'filled', 'quote_filled', 'reserved', 'status', 'seq'] as const).map((key) => column(orders, key)),
      orders.map((o) => o.created_at.toISOString()),
      orders.map((o) => o.updated_at.toISOString()),
      ...(['id', 'symbol', 'seq', 'price', 'amount', 'quote_amount', 'taker_side', 'maker_order_id', 'taker_order_id', 'maker_user_id', 'taker_user_id', 'maker_fee', 'taker_fee'] as const).map((key) => column(trades, key)),
      trades.map((t) => t.created_at.toISOString()),
      column(commands, 'symbol'),
      column(commands, 'seq'),
      commands.map((c) => JSON.stringify(c.command)),
      column(hashes, 'symbol'),
      column(hashes, 'seq'),
      column(hashes, 'hash'),
      users,
      USD,
    ],
  );
}

/** The running book's hash after command `seq`; an older checkpoint never replaces a newer one. */
export async function recordStateHash(manager: EntityManager, symbol: string, seq: number, hash: string): Promise<void> {
  await manager.query(
    `INSERT INTO book_states (symbol, seq, state_hash, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (symbol) DO UPDATE SET seq = EXCLUDED.seq, state_hash = EXCLUDED.state_hash, updated_at = now()
      WHERE book_states.seq < EXCLUDED.seq`,
    [symbol, seq, hash],
  );
}

/** One column of many rows, for an unnest() parameter. */
const column = <R, K extends keyof R>(rows: R[], key: K) => rows.map((row) => row[key]);
