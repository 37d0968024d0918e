import type { DataSource, EntityManager } from 'typeorm';
import { toLedgerUnits } from '../../../server/kernel/money';

import { pipelineStatements, statementRunner, type StatementRunner } from '../../../server/platform/db/named-statement';
import type { MarketState } from '../../../server/trading/books/market-state';
import { emptyEffects, type MarketRound } from '../../../server/trading/round-writer/round-effects';
import { writeRound } from '../../../server/trading/round-writer/round-writer';
import { readTraders } from '../../../server/trading/traders/trader-reads';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange, onPostgres } from '../../support/test-exchange';
import { openingBookMarket } from '../../support/opening-catalog';

/**
 * A round written behind another (the sequencer queues it before the first has answered) was
 * computed on the first one's effects: it must never commit unless the first did. Written here
 * directly, with only command-log rows, on a symbol no market uses.
 */
let server: TestExchange;
beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

const SYMBOL = 'CHAINTEST';
const market = openingBookMarket('BTCUSDT');

/** A round that logs commands `seqs` (a cancel each) and changes nothing else. */
function round(seqs: number[]): MarketRound[] {
  const effects = emptyEffects();
  for (const seq of seqs)
    effects.commands.push({
      seq,
      command: { type: 'cancel', orderId: `chain-${seq}`, userId: 'chain-test', timestamp: 0 } as never,
    });
  const state = {
    market: { ...market, symbol: SYMBOL },
    commandSeq: seqs[seqs.length - 1] ?? 0,
  } as unknown as MarketState;
  return [{ state, effects, orders: [], stateHash: null }];
}

async function logged(dataSource: DataSource): Promise<number[]> {
  const rows: Array<{ seq: string }> = await dataSource.query(
    'SELECT seq FROM order_commands WHERE symbol = $1 ORDER BY seq',
    [SYMBOL],
  );
  return rows.map((row) => Number(row.seq));
}

async function onOwnConnection<T>(
  dataSource: DataSource,
  work: (run: StatementRunner, pipeline: () => Promise<() => void>, manager: EntityManager) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    return await work(statementRunner(runner), () => pipelineStatements(runner), runner.manager);
  } finally {
    await runner.release();
  }
}

afterEach(() => server.exchange.context.dataSource.query('DELETE FROM order_commands WHERE symbol = $1', [SYMBOL]));

it('commits a round written after one that committed, and refuses one whose round ahead is missing, writing nothing', async () => {
  const { dataSource } = server.exchange.context;
  await onOwnConnection(dataSource, async (run) => {
    await writeRound(run, round([1, 2]), new Date(), null);
    await writeRound(run, round([3]), new Date(), { symbol: SYMBOL, seq: 2 });
    await expect(writeRound(run, round([4, 5]), new Date(), { symbol: SYMBOL, seq: 4 })).rejects.toThrow(
      `the round before, up to ${SYMBOL} 4, did not commit`,
    );
  });
  expect(await logged(dataSource)).toEqual([1, 2, 3]);
});

(onPostgres ? it : it.skip)(
  'pipelined: when the round ahead fails, the one queued behind it fails too, though it was sent before the first answered',
  async () => {
    const { dataSource } = server.exchange.context;
    await onOwnConnection(dataSource, (run) => writeRound(run, round([1]), new Date(), null));
    await onOwnConnection(dataSource, async (run, pipeline) => {
      const endPipeline = await pipeline();
      try {
        // The first repeats command 1 (a duplicate key): it fails; the second was computed on it.
        const first = writeRound(run, round([1, 2]), new Date(), { symbol: SYMBOL, seq: 1 });
        const second = writeRound(run, round([3]), new Date(), { symbol: SYMBOL, seq: 2 });
        const third = writeRound(run, round([2]), new Date(), { symbol: SYMBOL, seq: 1 });
        const results = await Promise.allSettled([first, second, third]);
        expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
      } finally {
        endPipeline();
      }
    });
    expect(await logged(dataSource)).toEqual([1, 2]);
  },
);

it("a round's read of its traders counts which rounds still being written it already sees committed (they commit in order)", async () => {
  const { dataSource } = server.exchange.context;
  const { user } = await registerTrader(new ApiClient(server.url));
  const keys = { userIds: [user.id], assets: ['USD'] };
  await onOwnConnection(dataSource, async (run, _pipeline, manager) => {
    await writeRound(run, round([1, 2]), new Date(), null);
    const connection = { run, manager };
    const seen = async (...after: Array<{ symbol: string; seq: number } | null>) =>
      (await readTraders(connection, keys, after)).seen;
    expect(await seen()).toBe(0);
    expect(await seen({ symbol: SYMBOL, seq: 2 })).toBe(1);
    expect(await seen({ symbol: SYMBOL, seq: 2 }, { symbol: SYMBOL, seq: 3 })).toBe(1);
    // A round that logged nothing and followed nothing has nothing to see: seen.
    expect(await seen(null, { symbol: SYMBOL, seq: 2 }, { symbol: SYMBOL, seq: 2 })).toBe(3);
    expect(await seen({ symbol: SYMBOL, seq: 5 })).toBe(0);
    // The trader is read too, with the account a first order needs created.
    const { traders } = await readTraders(connection, keys, []);
    expect(traders.standings.get(user.id)).toMatchObject({ kyc_status: expect.any(String), is_active: true });
    expect(traders.sheet.canSpend(user.id, 'USD', 0n)).toBe(true);
    expect(traders.sheet.canSpend(user.id, 'USD', toLedgerUnits('0.01'))).toBe(false);
  });
});
