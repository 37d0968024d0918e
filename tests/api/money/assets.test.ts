import { money, type Money } from '../../../server/kernel/money';
import { startOfUtcDay, type PortfolioView } from '../../../server/money/accounts/portfolio';
import { query, traderWithDeposit, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { approveKyc, credit, fundedTrader } from '../../support/trader-fixtures';
import { balanceOf, emptyBook, placed } from '../../support/trading-fixtures';

const suite = useBackOfficeExchange();

const assetsOf = async (client: ApiClient): Promise<PortfolioView> => {
  const response = await client.get('/account/assets');
  if (response.status !== 200) throw new Error(`assets: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};
const rowOf = (view: PortfolioView, asset: string) => view.assets.find((row) => row.asset === asset)!;
/** As the answers write decimals: 18 places at most, no trailing zeros. */
const exact = (value: Money) => value.toDecimalPlaces(18).toFixed();

/** What `userId` paid (price x amount plus its fee) for each of its buys on `symbol`, exact, from the trades table. */
async function paidForBuys(userId: string, symbol: string): Promise<Money[]> {
  const rows: Array<{ paid: string }> = await suite.server.exchange.context.dataSource.query(
    `SELECT (quote_amount + CASE WHEN taker_user_id = $1 THEN taker_fee ELSE maker_fee END)::text AS paid
       FROM trades
      WHERE symbol = $2 AND ((taker_user_id = $1 AND taker_side = 'buy') OR (maker_user_id = $1 AND taker_side = 'sell'))
      ORDER BY seq`,
    [userId, symbol],
  );
  return rows.map((row) => money(row.paid));
}

/** A trade of `amount` at `price` between two traders of no interest to the test: the market's last price. */
async function lastPriceAt(symbol: string, base: string, price: string, amount: string) {
  const maker = await fundedTrader(suite.server, { [base]: amount });
  const taker = await fundedTrader(suite.server, { USD: money(price).times(amount).times(2).toFixed() });
  await placed(maker.client, { symbol, side: 'sell', type: 'limit', amount, price });
  await placed(taker.client, { symbol, side: 'buy', type: 'limit', amount, price });
}

describe('GET /api/account/assets', () => {
  beforeEach(() => emptyBook(suite.server, 'BTCUSDT'));

  it("average cost: buys at what they paid, fees included, a sale leaves it as it was; PnL at the market's last price", async () => {
    const seller = await fundedTrader(suite.server, { BTC: '1' }, 'Asset Seller');
    const buyer = await fundedTrader(suite.server, { USD: '100000' }, 'Asset Buyer');
    const bidder = await fundedTrader(suite.server, { USD: '100000' }, 'Asset Bidder');
    await placed(seller.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: '0.1', price: '50000' });
    await placed(seller.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: '0.2', price: '51000' });
    // Takes both asks: two fills, each paying its price and its fee.
    await placed(buyer.client, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.3', price: '51000' });
    const [first, second] = await paidForBuys(buyer.user.id, 'BTCUSDT');
    expect(first!.greaterThan(5000)).toBe(true);
    expect(second!.greaterThan(10200)).toBe(true);
    const average = first!.plus(second!).div('0.3');

    // Half sold at 52000, which becomes the last price: the average stays, the PnL is on what is left.
    await placed(bidder.client, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.15', price: '52000' });
    await placed(buyer.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: '0.15', price: '52000' });
    expect(rowOf(await assetsOf(buyer.client), 'BTC')).toEqual({
      asset: 'BTC',
      total: '0.15',
      available: '0.15',
      in_orders: '0',
      withdrawing: '0',
      price_usd: '52000',
      value_usd: '7800',
      average_cost: exact(average),
      pnl: exact(money(52000).minus(average).times('0.15')),
    });

    // A further buy at 52000 adds to the cost of what is held, fee included.
    await placed(seller.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: '0.05', price: '52000' });
    await placed(buyer.client, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.05', price: '52000' });
    const third = (await paidForBuys(buyer.user.id, 'BTCUSDT'))[2]!;
    const averageAfter = average.times('0.15').plus(third).div('0.2');
    expect(rowOf(await assetsOf(buyer.client), 'BTC')).toMatchObject({
      total: '0.2',
      value_usd: '10400',
      average_cost: exact(averageAfter),
      pnl: exact(money(52000).minus(averageAfter).times('0.2')),
    });

    // Coins that came in without a purchase have no known cost.
    expect(rowOf(await assetsOf(seller.client), 'BTC')).toMatchObject({
      total: '0.65',
      value_usd: '33800',
      average_cost: null,
      pnl: null,
    });
  });

  it('what open orders hold is in orders, what a pending withdrawal holds is not', async () => {
    const trader = await fundedTrader(suite.server, { USD: '10000', BTC: '0.5' });
    await placed(trader.client, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '40000' });
    await placed(trader.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: '0.2', price: '90000' });
    expect((await trader.client.post(`/withdraw/request${query({ amount: '100.5' })}`)).status).toBe(200);

    const view = await assetsOf(trader.client);
    const usd = await balanceOf(suite.server, trader.user.id, 'USD');
    expect(rowOf(view, 'USD')).toEqual({
      asset: 'USD',
      total: money(usd.available).plus(usd.locked).toFixed(),
      available: usd.available,
      in_orders: money(usd.locked).minus('100.5').toFixed(),
      withdrawing: '100.5',
      price_usd: '1',
      value_usd: money(usd.available).plus(usd.locked).toFixed(),
      average_cost: null,
      pnl: null,
    });
    // The buy holds its price x amount and its fee.
    expect(money(rowOf(view, 'USD').in_orders).greaterThanOrEqualTo(400)).toBe(true);
    expect(rowOf(view, 'BTC')).toMatchObject({ total: '0.5', available: '0.3', in_orders: '0.2', withdrawing: '0' });
    expect(view.assets.map((row) => row.asset)).toEqual(expect.arrayContaining(['USD', 'BTC', 'ETH', 'EUR', 'JPY']));
  });

  it("Today's PnL: what trades made since 00:00 UTC, not the deposit made today", async () => {
    const trader = await traderWithDeposit(suite.server, suite.admin, 10000, 'Day Trader');
    expect((await assetsOf(trader.client)).portfolio).toEqual({
      value_usd: '10000',
      day_start: startOfUtcDay(new Date()).toISOString(),
      day_start_value_usd: '0',
      net_transfers_usd: '10000',
      today_pnl: '0',
      today_pnl_percent: '0',
    });

    await approveKyc(suite.server.exchange.context.dataSource, trader.user.id);
    const maker = await fundedTrader(suite.server, { BTC: '0.01' });
    await placed(maker.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: '0.01', price: '50000' });
    await placed(trader.client, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '50000' });
    const fee = (await paidForBuys(trader.user.id, 'BTCUSDT'))[0]!.minus(500);
    expect((await assetsOf(trader.client)).portfolio).toMatchObject({
      value_usd: exact(money(10000).minus(fee)),
      today_pnl: exact(fee.neg()),
    });

    // The price moves: the 0.01 BTC gains 0.01 x 1000. A withdrawal paid out today is no loss.
    await lastPriceAt('BTCUSDT', 'BTC', '51000', '0.001');
    const withdrawal = await trader.client.post(`/withdraw/request${query({ amount: 1000 })}`);
    await suite.admin.post(`/admin/withdrawal/approve${query({ withdrawal_id: withdrawal.body.id })}`);
    const { portfolio } = await assetsOf(trader.client);
    const pnl = money(10).minus(fee);
    expect(portfolio).toMatchObject({
      value_usd: exact(money(9000).minus(500).minus(fee).plus(510)),
      net_transfers_usd: '9000',
      today_pnl: exact(pnl),
      today_pnl_percent: exact(pnl.div(9000).times(100).toDecimalPlaces(2)),
    });
  });

  it('the day starts with what was held at 00:00 UTC, at the last price before it (the daily candle)', async () => {
    const { dataSource } = suite.server.exchange.context;
    await emptyBook(suite.server, 'ETHUSDT');
    const dayStart = startOfUtcDay(new Date());
    const yesterday = new Date(dayStart.getTime() - 86_400_000);
    const trader = await fundedTrader(suite.server, { ETH: '2' });
    // Held since yesterday: the ledger says so.
    await dataSource.query(
      `UPDATE ledger_entries SET created_at = $2
        WHERE account_id IN (SELECT id FROM accounts WHERE user_id = $1)`,
      [trader.user.id, new Date(dayStart.getTime() - 3_600_000)],
    );
    await dataSource.query(
      `INSERT INTO candles (symbol, width, bucket, open, high, low, close, volume, quote_volume, open_at, open_seq, close_at, close_seq)
       VALUES ('ETHUSDT', 86400, $1, 2900, 3050, 2880, 3000, 1, 3000, $1, 0, $2, 0)`,
      [yesterday, new Date(dayStart.getTime() - 1000)],
    );
    try {
      await lastPriceAt('ETHUSDT', 'ETH', '3100', '0.01');
      expect((await assetsOf(trader.client)).portfolio).toMatchObject({
        value_usd: '6200',
        day_start_value_usd: '6000',
        net_transfers_usd: '0',
        today_pnl: '200',
        today_pnl_percent: '3.33',
      });
      // One more ETH arriving today is a transfer, valued at today's price.
      await credit(dataSource, trader.user.id, 'ETH', '1');
      expect((await assetsOf(trader.client)).portfolio).toMatchObject({
        value_usd: '9300',
        day_start_value_usd: '6000',
        net_transfers_usd: '3100',
        today_pnl: '200',
      });
    } finally {
      await dataSource.query(`DELETE FROM candles WHERE symbol = 'ETHUSDT' AND width = 86400 AND bucket = $1`, [
        yesterday,
      ]);
    }
  });

  it("answers only the caller's own holdings, and only to traders", async () => {
    const holder = await fundedTrader(suite.server, { USD: '2500', SOL: '3' });
    const other = await registerTrader(suite.api);
    const mine = await assetsOf(other.client);
    expect(mine.portfolio.value_usd).toBe('0');
    expect(mine.assets.every((row) => row.total === '0')).toBe(true);
    // No parameter names another trader: one sent is refused or ignored, never obeyed.
    const asked = await other.client.get(`/account/assets${query({ user_id: holder.user.id })}`);
    if (asked.status === 200) expect(asked.body.portfolio.value_usd).toBe('0');
    else expect(asked.status).toBe(400);

    expect(rowOf(await assetsOf(holder.client), 'SOL').total).toBe('3');
    expect((await suite.api.get('/account/assets')).status).toBe(401);
    expect((await suite.admin.get('/account/assets')).status).toBe(403);
  });
});
