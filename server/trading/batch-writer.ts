import type { EntityManager } from 'typeorm';
import type { UsdBalance } from '../accounts/balance-events';
import type { StatementRunner } from '../db/named-statement';
import { SqlParams } from '../db/sql-params';
import { postingsSql } from '../ledger/ledger';
import { USD } from '../markets/catalog';
import type { BatchEffects } from './order-execution';
import type { MarketState } from './market-state';
import type { OrderRow } from './order.entity';

/** One symbol's part of a commit; `stateHash` is recorded when given (a checkpoint recovery must reach). */
export interface MarketBatch {
  state: MarketState;
  effects: BatchEffects;
  /** The rows of the orders the round changed (written, then pushed to their users). */
  orders: OrderRow[];
  stateHash: string | null;
}

/**
 * Everything a round changed, every symbol's together, as ONE statement: ledger postings (see
 * postingsSql), orders, trades, command log and state hashes, with arrays through unnest() whatever
 * the size. Sent outside any transaction block, the statement is its own transaction: it commits
 * whole, durably, before its answer comes back, in a single round trip. It answers the new USD
 * balances of the users whose USD moved.
 */
export function writeRound(run: StatementRunner, markets: MarketBatch[], now: Date): Promise<UsdBalance[]> {
  const params = new SqlParams();
  const ledger = postingsSql(
    markets.flatMap((m) => m.effects.postings),
    params,
  );
  const orders = markets.flatMap((m) => m.orders);
  const trades = markets.flatMap((m) => m.effects.trades);
  const commands = markets.flatMap((m) => m.effects.commands.map((c) => ({ symbol: m.state.market.symbol, ...c })));
  const hashes = markets.flatMap((m) => (m.stateHash === null ? [] : [{ symbol: m.state.market.symbol, seq: m.state.commandSeq, hash: m.stateHash }]));
  const columns = <R,>(rows: R[], spec: Array<[keyof R, string]>) => spec.map(([key, type]) => params.add(rows.map((row) => row[key]), type)).join(', ');
  const ordersSql = columns(orders, [
    ['id', 'uuid[]'], ['user_id', 'uuid[]'], ['symbol', 'varchar[]'], ['side', 'varchar[]'], ['type', 'varchar[]'], ['time_in_force', 'varchar[]'],
    ['price', 'numeric[]'], ['stop_price', 'numeric[]'], ['amount', 'numeric[]'], ['filled', 'numeric[]'], ['quote_filled', 'numeric[]'],
    ['reserved', 'numeric[]'], ['status', 'varchar[]'], ['seq', 'bigint[]'],
  ]);
  const tradesSql = columns(trades, [
    ['id', 'uuid[]'], ['symbol', 'varchar[]'], ['seq', 'bigint[]'], ['price', 'numeric[]'], ['amount', 'numeric[]'], ['quote_amount', 'numeric[]'],
    ['taker_side', 'varchar[]'], ['maker_order_id', 'uuid[]'], ['taker_order_id', 'uuid[]'], ['maker_user_id', 'uuid[]'], ['taker_user_id', 'uuid[]'],
    ['maker_fee', 'numeric[]'], ['taker_fee', 'numeric[]'],
  ]);
  // Every row a round writes is created or changed at the round's time: one parameter, not a column of them.
  const at = params.add(now, 'timestamptz');
  const commandsSql = `${params.add(commands.map((c) => c.symbol), 'varchar[]')}, ${params.add(commands.map((c) => c.seq), 'bigint[]')}, ${params.add(commands.map((c) => JSON.stringify(c.command)), 'jsonb[]')}`;
  const hashesSql = columns(hashes, [['symbol', 'varchar[]'], ['seq', 'bigint[]'], ['hash', 'varchar[]']]);
  return run({
    name: 'trading-round-write',
    text: `WITH ${ledger}, upserted_orders AS (
       INSERT INTO orders (id, user_id, symbol, side, type, time_in_force, price, stop_price, amount, filled, quote_filled,
                           reserved, status, seq, created_at, updated_at)
       SELECT *, ${at}, ${at} FROM unnest(${ordersSql})
       ON CONFLICT (id) DO UPDATE SET filled = EXCLUDED.filled, quote_filled = EXCLUDED.quote_filled,
                                      reserved = EXCLUDED.reserved, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
       RETURNING 1
     ), inserted_trades AS (
       INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       SELECT *, ${at} FROM unnest(${tradesSql})
       RETURNING 1
     ), logged_commands AS (
       INSERT INTO order_commands (symbol, seq, command) SELECT * FROM unnest(${commandsSql})
       RETURNING 1
     ), checkpoints AS (
       INSERT INTO book_states (symbol, seq, state_hash, updated_at) SELECT *, now() FROM unnest(${hashesSql})
       ON CONFLICT (symbol) DO UPDATE SET seq = EXCLUDED.seq, state_hash = EXCLUDED.state_hash, updated_at = now()
        WHERE book_states.seq < EXCLUDED.seq
       RETURNING 1
     )
     SELECT user_id, available FROM ledger_accounts WHERE user_id IS NOT NULL AND asset = ${params.add(USD, 'varchar')}`,
    values: params.values,
  });
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
