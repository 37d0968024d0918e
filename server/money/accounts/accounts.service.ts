import { In, type DataSource, type EntityManager } from 'typeorm';
import { availableBalance } from '../../ledger/ledger';
import { Account } from '../../ledger/account.entity';
import { money, toJsonNumber, ZERO } from '../../kernel/money';
import { USD, type MarketCatalog } from '../../markets/catalog';
import { readHoldings } from './holdings';
import { startOfUtcDay, valuePortfolio, type DollarPrices } from './portfolio';

/** What a user holds: the dollar balance the product shows, every asset, and what they are worth. */
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: MarketCatalog,
  ) {}

  async balance(userId: string) {
    const available = await availableBalance(this.dataSource.manager, userId, USD);
    return { balance: available.toNumber() };
  }

  /** Every asset of the venue, zero where the user has no account yet. */
  async assets(userId: string) {
    const accounts = await this.dataSource.getRepository(Account).find({ where: { user_id: userId } });
    const byAsset = new Map(accounts.map((account) => [account.asset, account]));
    return this.catalog.assets().map((asset) => {
      const account = byAsset.get(asset);
      const available = account ? money(account.available) : ZERO;
      const locked = account ? money(account.locked) : ZERO;
      return {
        asset,
        available: toJsonNumber(available),
        locked: toJsonNumber(locked),
        total: toJsonNumber(available.plus(locked)),
      };
    });
  }

  /**
   * Every asset valued in dollars with its average cost and PnL, and the portfolio's Today's PnL;
   * `pricesFor` gives each asset's price now and at the start of the day (trading's market data).
   */
  async portfolio(userId: string, pricesFor: (dayStart: Date) => Promise<DollarPrices>) {
    const dayStart = startOfUtcDay(new Date());
    const [holdings, prices] = await Promise.all([
      readHoldings(this.dataSource.manager, userId, this.catalog.assets(), dayStart),
      pricesFor(dayStart),
    ]);
    return valuePortfolio(holdings, prices, dayStart);
  }
}

/** The available USD of many users at once (the admin's user list), zero where none. */
export async function usdBalances(manager: EntityManager, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const accounts = await manager.find(Account, {
    where: { user_id: In(userIds), asset: USD },
    select: { user_id: true, available: true },
  });
  return new Map(accounts.map((account) => [account.user_id!, toJsonNumber(account.available)]));
}
