import fc from 'fast-check';
import { money } from '../../../server/kernel/money';
import { recomputeFeeTiers, tierFor } from '../../../server/trading/fee-tiers/fee-tiers';
import { signInAdmin } from '../../support/back-office';
import { eventually } from '../../support/eventually';
import { createApiKey, signedCall } from '../../support/binance-client';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { credit, fundedTrader } from '../../support/trader-fixtures';
import { emptyBook, ledgerReport, placed } from '../../support/trading-fixtures';

let server: TestExchange;
let admin: ApiClient;
let seeded: unknown[];

beforeAll(async () => {
  server = await startTestExchange();
  admin = await signInAdmin(server);
  seeded = (await admin.get('/admin/fee-tiers')).body;
});
afterAll(async () => {
  // Test files share the database: leave the venue's list as it was seeded, traders placed by it.
  await admin.request('PUT', '/admin/fee-tiers', { body: { tiers: seeded } });
  await server.exchange.context.dataSource.query(
    "UPDATE markets SET maker_fee_rate = NULL, taker_fee_rate = NULL WHERE symbol = 'ETHUSDT'",
  );
  await server.close();
});

const putTiers = (tiers: unknown[]) => admin.request('PUT', '/admin/fee-tiers', { body: { tiers } });

/** The trader cache trusts what it read for a second: the next order after this reads the trader again. */
const cacheExpiry = () => new Promise((resolve) => setTimeout(resolve, 1100));

const feesCollected = async () => {
  const rows: Array<{ available: string }> = await server.exchange.context.dataSource.query(
    "SELECT available FROM accounts WHERE system = 'fees' AND asset = 'USD'",
  );
  return money(rows[0]?.available ?? 0);
};

/** A sell resting, then a buy taking all of it at its price: the buy's order view. */
async function cross(seller: ApiClient, buyer: ApiClient, symbol: string, amount: string, price: string) {
  await placed(seller, { symbol, side: 'sell', type: 'limit', amount, price });
  return placed(buyer, { symbol, side: 'buy', type: 'limit', amount, price });
}

const TIERS = [
  { name: 'Regular User', min_volume_30d: 0, maker_rate: '0.001', taker_rate: '0.001' },
  { name: 'Test VIP', min_volume_30d: 40000, maker_rate: '0.0005', taker_rate: '0.0008' },
];

describe('the fee schedule', () => {
  it('is seeded with a first tier at volume 0 at the default rates, public and for administrators', async () => {
    expect(seeded[0]).toEqual({ name: 'Regular User', min_volume_30d: 0, maker_rate: '0.001', taker_rate: '0.001' });
    const schedule = await new ApiClient(server.url).get('/fee-tiers');
    expect(schedule.status).toBe(200);
    expect(schedule.body).toEqual(seeded);
    const volumes = schedule.body.map((tier: any) => tier.min_volume_30d);
    expect(volumes).toEqual([...volumes].sort((a, b) => a - b));
  });

  it('refuses a list with repeated names, without a tier at 0, out of order or with rates out of range', async () => {
    const bad = [
      [TIERS[0], { ...TIERS[1], name: 'Regular User' }],
      [{ ...TIERS[0], min_volume_30d: 10 }, TIERS[1]],
      [TIERS[0], TIERS[1], { ...TIERS[1], name: 'Lower', min_volume_30d: 20000 }],
      [{ ...TIERS[0], maker_rate: '1.5' }],
      [{ ...TIERS[0], taker_rate: '0.0000001' }],
      [],
    ];
    for (const tiers of bad) {
      const answer = await putTiers(tiers);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
    }
    expect((await admin.get('/admin/fee-tiers')).body).toEqual(seeded);
    const trader = await fundedTrader(server, {});
    expect((await trader.client.request('PUT', '/admin/fee-tiers', { body: { tiers: TIERS } })).status).toBe(403);
  });

  it('replaces the whole list, audited', async () => {
    const answer = await putTiers(TIERS);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(TIERS);
    expect((await admin.get('/admin/fee-tiers')).body).toEqual(TIERS);
    const audit: Array<{ notes: string }> = await server.exchange.context.dataSource.query(
      "SELECT notes FROM audit_log WHERE action = 'fee_tiers.update' ORDER BY created_at DESC LIMIT 1",
    );
    expect(audit[0]?.notes).toContain('Test VIP@40000:0.0005/0.0008');
  });

  it('takes the list as GET answers it, a bare array, and refuses a bad one as it refuses under tiers', async () => {
    const reversed = [TIERS[0], { ...TIERS[1], maker_rate: '0.0004' }];
    const answer = await admin.request('PUT', '/admin/fee-tiers', { body: reversed });
    expect([answer.status, answer.body]).toEqual([200, reversed]);
    for (const body of [[{ ...TIERS[0], min_volume_30d: 5 }], [{ name: 'x' }], [], 'tiers', { tiers: 'none' }]) {
      const refused = await admin.request('PUT', '/admin/fee-tiers', { body });
      expect([refused.status, typeof refused.body.detail]).toEqual([400, 'string']);
    }
    expect((await admin.get('/admin/fee-tiers')).body).toEqual(reversed);
  });
});

describe("a trader's tier", () => {
  it('is stored as the tier at volume 0 as soon as the trader registers, not at the next hourly placement', async () => {
    const tiers = [{ name: 'Newcomer', min_volume_30d: 0, maker_rate: '0.0012', taker_rate: '0.0015' }, TIERS[1]];
    expect((await putTiers(tiers)).status).toBe(200);
    const { client, user } = await registerTrader(new ApiClient(server.url), 'Just Registered');
    const stored = await eventually(
      async () => {
        const [row]: Array<{ fee_tier: string | null; maker: string; taker: string; volume: string }> =
          await server.exchange.context.dataSource.query(
            `SELECT fee_tier, tier_maker_rate::float8::text AS maker, tier_taker_rate::float8::text AS taker,
                    volume_30d::float8::text AS volume FROM users WHERE id = $1`,
            [user.id],
          );
        return row?.fee_tier === null ? undefined : row;
      },
      2000,
      'the new trader placed',
    );
    expect(stored).toEqual({ fee_tier: 'Newcomer', maker: '0.0012', taker: '0.0015', volume: '0' });
    expect((await client.get('/account/fee-tier')).body).toEqual({
      tier: 'Newcomer',
      volume_30d: 0,
      maker_rate: '0.0012',
      taker_rate: '0.0015',
    });
  });

  it('follows its 30-day volume, and its fills pay the tier rates, a market’s own rates as the floor', async () => {
    expect((await putTiers(TIERS)).status).toBe(200);
    await emptyBook(server, 'BTCUSDT');
    const seller = await fundedTrader(server, { BTC: '2' }, 'Tier Seller');
    const buyer = await fundedTrader(server, { USD: '60000' }, 'Tier Buyer');
    expect((await buyer.client.get('/account/fee-tier')).body).toEqual({
      tier: 'Regular User',
      volume_30d: 0,
      maker_rate: '0.001',
      taker_rate: '0.001',
    });

    // 0.45 BTC at 100000: 45000 of volume for both, fees at the tier 0 rates.
    const first = await cross(seller.client, buyer.client, 'BTCUSDT', '0.45', '100000');
    expect(first.fills.map((fill: any) => fill.fee)).toEqual([45]);

    // Volume counts once recomputed; a second run changes nothing more.
    await recomputeFeeTiers(server.exchange.context.dataSource);
    expect(await recomputeFeeTiers(server.exchange.context.dataSource)).toBe(0);
    const tier = (await buyer.client.get('/account/fee-tier')).body;
    expect(tier).toEqual({ tier: 'Test VIP', volume_30d: 45000, maker_rate: '0.0005', taker_rate: '0.0008' });
    expect((await seller.client.get('/account/fee-tier')).body.tier).toBe('Test VIP');

    await cacheExpiry();
    const feesBefore = await feesCollected();
    const second = await cross(seller.client, buyer.client, 'BTCUSDT', '0.01', '100000');
    expect(second.fills.map((fill: any) => fill.fee)).toEqual([0.8]); // 1000 x 0.0008 (taker)
    const [trade]: Array<{ maker_fee: string; taker_fee: string }> = await server.exchange.context.dataSource.query(
      'SELECT maker_fee, taker_fee FROM trades WHERE id = $1',
      [second.fills[0].id],
    );
    expect([money(trade!.maker_fee).toFixed(), money(trade!.taker_fee).toFixed()]).toEqual(['0.5', '0.8']);
    expect((await feesCollected()).minus(feesBefore).toFixed()).toBe('1.3');

    // A market's own rate above the tier's is the floor; below it the tier's rate applies.
    const changed = await admin.request('PATCH', '/admin/markets/ETHUSDT', {
      body: { maker_fee_rate: '0.0001', taker_fee_rate: '0.002' },
    });
    expect(changed.status).toBe(200);
    await emptyBook(server, 'ETHUSDT');
    await credit(server.exchange.context.dataSource, seller.user.id, 'ETH', '1');
    const third = await cross(seller.client, buyer.client, 'ETHUSDT', '1', '2000');
    expect(third.fills.map((fill: any) => fill.fee)).toEqual([4]); // 2000 x max(0.0008, 0.002)
    const [ethTrade]: Array<{ maker_fee: string }> = await server.exchange.context.dataSource.query(
      'SELECT maker_fee FROM trades WHERE id = $1',
      [third.fills[0].id],
    );
    expect(money(ethTrade!.maker_fee).toFixed()).toBe('1'); // 2000 x max(0.0005, 0.0001)

    // The Binance surface tells the same rates.
    const key = await createApiKey(buyer.client);
    const account = await signedCall(server.url, key, 'GET', '/account');
    expect(account.body.commissionRates).toMatchObject({ maker: '0.00050000', taker: '0.00080000' });
    expect(account.body).toMatchObject({ makerCommission: 5, takerCommission: 8 });
    const btc = await signedCall(server.url, key, 'GET', '/account/commission', { symbol: 'BTCUSDT' });
    expect(btc.body.standardCommission).toMatchObject({ maker: '0.00050000', taker: '0.00080000' });
    const eth = await signedCall(server.url, key, 'GET', '/account/commission', { symbol: 'ETHUSDT' });
    expect(eth.body.standardCommission).toMatchObject({ maker: '0.00050000', taker: '0.00200000' });

    expect((await ledgerReport(server)).ok).toBe(true);
  });
});

describe('tier selection', () => {
  it('is monotone in volume: more volume never reaches a lower tier, and every volume has one', () => {
    const tierList = fc
      .uniqueArray(fc.integer({ min: 1, max: 1_000_000_000 }), { maxLength: 8 })
      .map((volumes) => [0, ...volumes].sort((a, b) => a - b).map((v, i) => ({ name: `T${i}`, min_volume_30d: v })));
    fc.assert(
      fc.property(tierList, fc.nat(), fc.nat(), (tiers, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const lowTier = tierFor(tiers, low);
        const highTier = tierFor(tiers, high);
        expect(lowTier.min_volume_30d).toBeLessThanOrEqual(low);
        expect(highTier.min_volume_30d).toBeGreaterThanOrEqual(lowTier.min_volume_30d);
        expect(tiers.some((t) => t.min_volume_30d > highTier.min_volume_30d && t.min_volume_30d <= high)).toBe(false);
      }),
    );
  });
});
