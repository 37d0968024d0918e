import type { StatementRunner } from '../../platform/db/named-statement';
import { SqlParams } from '../../platform/db/sql-params';
import { insertAnswersSql } from '../../platform/idempotency/recorded-answers';
import { CHANGED_USER_ACCOUNTS, postingsSql, type AccountBalance } from '../../ledger/ledger';
import { KEEP_NEWEST_STATE_HASH } from '../checkpoints/book-checkpoints';
import { mayBeFilledSql, mayTradeSql } from '../../identity/auth/may-trade';
import { listRecord } from '../books/live-list';
import type { OrderListRow } from '../orders/order-list.entity';
import type { MarketRound, RoundEffects } from './round-effects';
import { roundCommittedSql, type RoundMarker } from './round-marker';

/** Why a round's statement fails when one of its traders may no longer trade (see TraderCache). */
const TRADER_CHANGED = 'a trader of this round may no longer trade';

export const isTraderChange = (error: unknown): boolean =>
  error instanceof Error && error.message.includes(TRADER_CHANGED);

/** Why a round's statement fails when a trader on either side of one of its fills is suspended, followed by their ids. */
const SUSPENDED_IN_FILLS = 'suspended traders in the fills of this round';

/** The suspended traders whose fills failed a round's statement ([] if it failed for another reason). */
export function suspendedInFills(error: unknown): string[] {
  if (!(error instanceof Error)) return [];
  const at = error.message.indexOf(SUSPENDED_IN_FILLS);
  if (at < 0) return [];
  return (
    error.message.slice(at + SUSPENDED_IN_FILLS.length).match(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g) ?? []
  );
}

/** What a round's write answers: the users' accounts it changed, as it leaves them. */
export interface WrittenRound {
  balances: AccountBalance[];
}

/** The round's prevented matches as an INSERT of one JSON parameter (see RoundEffects.preventedMatches). */
function insertPreventedSql(rows: RoundEffects['preventedMatches'], params: SqlParams, at: string): string {
  const table = params.rows(
    rows,
    'p',
    `symbol varchar, id bigint, user_id uuid, taker_order_id uuid, maker_order_id uuid, stp varchar, price numeric,
     taker_prevented numeric, maker_prevented numeric`,
  );
  return `INSERT INTO prevented_matches (symbol, id, user_id, taker_order_id, maker_order_id, stp, price, taker_prevented,
                                  maker_prevented, created_at)
          SELECT p.*, ${at} FROM ${table} RETURNING 1`;
}

/** The round's order lists, placed or ended, as an upsert of one JSON parameter: a list ends by its status. */
function upsertListsSql(rows: OrderListRow[], params: SqlParams, at: string): string {
  const table = params.rows(
    rows,
    'l',
    'id bigint, user_id uuid, symbol varchar, kind varchar, client_list_id varchar, status varchar',
  );
  return `INSERT INTO order_lists (id, user_id, symbol, kind, client_list_id, status, created_at, updated_at)
          SELECT l.*, ${at}, ${at} FROM ${table}
          ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
          RETURNING 1`;
}

/**
 * Everything a round changed, every symbol's together, as ONE statement: ledger postings (see
 * postingsSql), orders, order lists, trades, command log, state hashes, prevented matches and the answers of keyed commands (see
 * server/platform/idempotency), each table of rows one JSON parameter whatever the size. Sent outside any transaction block, the statement is its own transaction: it
 * commits whole, durably, before its answer comes back, in a single round trip. It answers the users'
 * accounts it changed (both buckets). `after` is the round written just before this one on the
 * same connection, whose effects this round was computed on: unless its last command is there (it
 * committed), this statement fails whole. So it does if one of the traders whose orders it places
 * may no longer trade (see identity/auth/may-trade.ts) by the time it commits, whatever the round last read of them,
 * and if a trader on either side of one of its fills is suspended (resting orders included: a
 * suspension commits before its cancels run).
 */
export async function writeRound(
  run: StatementRunner,
  markets: MarketRound[],
  now: Date,
  after: RoundMarker | null,
): Promise<WrittenRound> {
  const params = new SqlParams();
  const ledger = postingsSql(
    markets.flatMap((m) => m.effects.postings),
    params,
  );
  // Placed and changed orders apart: a new order's plain INSERT spares PostgreSQL an upsert's speculative insertion.
  const placedOrders = markets.flatMap((m) => m.orders.filter((o) => m.effects.placed.has(o.id)));
  const changedOrders = markets.flatMap((m) => m.orders.filter((o) => !m.effects.placed.has(o.id)));
  const trades = markets.flatMap((m) => m.effects.trades);
  const commands = markets.flatMap((m) => m.effects.commands.map((c) => ({ symbol: m.state.market.symbol, ...c })));
  const hashes = markets.flatMap((m) =>
    m.stateHash === null ? [] : [{ symbol: m.state.market.symbol, seq: m.state.commandSeq, hash: m.stateHash }],
  );
  // Every row a round writes is created or changed at the round's time: one parameter, not a column of them.
  const at = params.add(now, 'timestamptz');
  // The matches self-trade prevention stopped, and trailing stops that began to trail: rare, so only
  // the statements of the rounds that have them carry them (and the order columns they change).
  const prevented = markets.flatMap((m) => m.effects.preventedMatches);
  const trailing = markets.some((m) => m.effects.trailing.size > 0);
  const rareColumns = [
    ...(trailing ? [['trailing_time', 'timestamptz']] : []),
    ...(prevented.length === 0 ? [] : [['prevented_amount', 'numeric']]),
  ];
  const rareNames = rareColumns.map(([column]) => `, ${column}`).join('');
  const rareUpdates = rareColumns.map(([column]) => `, ${column} = EXCLUDED.${column}`).join('');
  const orderColumns = `id uuid, user_id uuid, symbol varchar, side varchar, type varchar, time_in_force varchar, post_only boolean, price numeric,
     stop_price numeric, amount numeric, filled numeric, quote_filled numeric, reserved numeric, status varchar, seq bigint,
     client_order_id varchar, quote_amount numeric, stp varchar, iceberg_amount numeric, trailing_delta integer, list_id bigint${rareColumns
       .map(([column, type]) => `, ${column} ${type}`)
       .join('')}`;
  const placedTable = params.rows(placedOrders, 'o', orderColumns);
  const changedTable = params.rows(changedOrders, 'u', orderColumns);
  const tradesTable = params.rows(
    trades,
    't',
    `id uuid, symbol varchar, seq bigint, price numeric, amount numeric, quote_amount numeric, taker_side varchar, maker_order_id uuid,
     taker_order_id uuid, maker_user_id uuid, taker_user_id uuid, maker_fee numeric, taker_fee numeric`,
  );
  const commandsTable = params.rows(commands, 'c', 'symbol varchar, seq bigint, command jsonb');
  const hashesTable = params.rows(hashes, 'h', 'symbol varchar, seq bigint, hash varchar');
  const traderIds = params.add(
    [...new Set(markets.flatMap(({ effects }) => [...effects.placed].map((id) => effects.orders.get(id)!.userId)))],
    'uuid[]',
  );
  const fillParties = params.add([...new Set(trades.flatMap((t) => [t.maker_user_id, t.taker_user_id]))], 'uuid[]');
  const afterSymbol = params.add(after?.symbol ?? null, 'varchar');
  const afterSeq = params.add(after?.seq ?? null, 'bigint');
  // Only a round with keyed commands records answers, in a statement of its own name: the others' stays as it was.
  const answers = markets.flatMap((m) => m.effects.answers);
  const recordedAnswers =
    answers.length === 0 ? '' : `, recorded_answers AS (${insertAnswersSql(answers, params, at)})`;
  const insertedPrevented =
    prevented.length === 0 ? '' : `, inserted_prevented AS (${insertPreventedSql(prevented, params, at)})`;
  // And the order lists.
  const lists = markets.flatMap((m) => [...m.effects.lists.values()].map(listRecord));
  const writtenLists = lists.length === 0 ? '' : `, written_lists AS (${upsertListsSql(lists, params, at)})`;
  const name = `trading-round-write${answers.length === 0 ? '' : '-keyed'}${prevented.length === 0 ? '' : '-prevented'}${lists.length === 0 ? '' : '-lists'}${trailing ? '-trailing' : ''}`;
  const [written] = await run<WrittenRound>({
    name,
    text: `WITH ${ledger}, placed_orders AS (
       INSERT INTO orders (id, user_id, symbol, side, type, time_in_force, post_only, price, stop_price, amount, filled, quote_filled,
                           reserved, status, seq, client_order_id, quote_amount, stp, iceberg_amount, trailing_delta,
                           list_id${rareNames}, created_at, updated_at)
       SELECT o.*, ${at}, ${at} FROM ${placedTable}
       RETURNING 1
     ), changed_orders AS (
       -- Rows that exist: each conflicts on the primary key, which finds it whatever the table's size
       -- (an UPDATE ... FROM join would follow a plan made when the table was small).
       INSERT INTO orders (id, user_id, symbol, side, type, time_in_force, post_only, price, stop_price, amount, filled, quote_filled,
                           reserved, status, seq, client_order_id, quote_amount, stp, iceberg_amount, trailing_delta,
                           list_id${rareNames}, created_at, updated_at)
       SELECT u.*, ${at}, ${at} FROM ${changedTable}
       -- amount and client_order_id: what an amend changes.
       ON CONFLICT (id) DO UPDATE SET filled = EXCLUDED.filled, quote_filled = EXCLUDED.quote_filled,
                                      reserved = EXCLUDED.reserved, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
                                      amount = EXCLUDED.amount, client_order_id = EXCLUDED.client_order_id${rareUpdates}
       RETURNING 1
     ), inserted_trades AS (
       INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       SELECT t.*, ${at} FROM ${tradesTable}
       RETURNING 1
     ), logged_commands AS (
       INSERT INTO order_commands (symbol, seq, command) SELECT c.* FROM ${commandsTable}
       RETURNING 1
     ), checkpoints AS (
       INSERT INTO book_states (symbol, seq, state_hash, updated_at) SELECT h.*, now() FROM ${hashesTable}
       ${KEEP_NEWEST_STATE_HASH}
       RETURNING 1
     )${recordedAnswers}${insertedPrevented}${writtenLists}
     SELECT (SELECT COALESCE(json_agg(changed), '[]') FROM (${CHANGED_USER_ACCOUNTS}) changed) AS balances,
            -- Not a constant: a cast PostgreSQL can only try when it gets here, so it fails the statement exactly then.
            CASE WHEN ${roundCommittedSql(afterSymbol, afterSeq)} THEN true
                 ELSE (SELECT 'the round before, up to ' || ${afterSymbol} || ' ' || ${afterSeq} || ', did not commit')::boolean END AS chained,
            -- The rule each order was checked by in its round, as the database has it now.
            CASE WHEN NOT EXISTS (SELECT 1 FROM users trader WHERE trader.id = ANY(${traderIds}) AND NOT ${mayTradeSql('trader')}) THEN true
                 ELSE (SELECT '${TRADER_CHANGED}: ' || ${traderIds}::text)::boolean END AS traders_may_trade,
            CASE WHEN NOT EXISTS (SELECT 1 FROM users party WHERE party.id = ANY(${fillParties}) AND NOT ${mayBeFilledSql('party')}) THEN true
                 ELSE (SELECT '${SUSPENDED_IN_FILLS}: ' || string_agg(party.id::text, ' ') FROM users party
                        WHERE party.id = ANY(${fillParties}) AND NOT ${mayBeFilledSql('party')})::boolean END AS fills_may_settle`,
    values: params.values,
  });
  return written!;
}
