import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from 'typeorm';
import { ENTITIES } from '../../server/entities';
import { openDatabase, type Database } from '../../server/platform/db/database';

export interface FixtureTrade {
  symbol: string;
  seq: number;
  /** ms since the epoch */
  time: number;
  price: string;
  amount: string;
  /** The taker's side; a buy unless told otherwise. */
  takerSide?: 'buy' | 'sell';
}

/**
 * Trades written straight into the trades table in ONE statement (test setup, as the ledger
 * fixtures are): the engine cannot place a trade in the past, and candle boundaries need exact
 * times. Use symbols no market uses. The quote amount is price x amount, as trading writes it.
 */
export async function insertFixtureTrades(manager: EntityManager, trades: FixtureTrade[]): Promise<void> {
  await manager.query(
    `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                         maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
     SELECT gen_random_uuid(), t.symbol, t.seq, t.price, t.amount, t.price * t.amount, COALESCE(t."takerSide", 'buy'),
            gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 0, 0, t.time
       FROM json_to_recordset($1::json)
         AS t(symbol varchar, seq bigint, price numeric, amount numeric, time timestamptz, "takerSide" varchar)`,
    [JSON.stringify(trades.map((trade) => ({ ...trade, time: new Date(trade.time).toISOString() })))],
  );
}

/** The test database, migrated, without an exchange around it. */
export function openTestDatabase(): Promise<Database> {
  return openDatabase(
    {
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATABASE_POOL_SIZE: Number(process.env.TEST_DATABASE_POOL_SIZE ?? 1),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'exchange-test-')),
    },
    ENTITIES,
  );
}
