import { money } from '../../kernel/money';
import { USD, type BookMarket } from '../../markets/catalog';
import { fundingCaps } from '../../money/funding/funding-caps';
import { FundingRequest } from '../../money/funding/funding-request.entity';
import type { BinanceApiDeps } from './binance-deps';
import { binanceAsset, readAccount } from './account-routes';
import { ASSET_PRECISION, decimalText } from './protocol/decimal-text';

/**
 * Binance's `GET /sapi/v1/capital/config/getall`: every asset of the venue with the caller's
 * balance and how it comes in and goes out. Dollars (USDT) come and go by bank transfer, asked for
 * on the web application and approved by an administrator: one network, `BANK`, open both ways,
 * in cents, a withdrawal at most the largest request administrators allow. Every other asset (the
 * coins, the currencies forex trades hold) is bought and sold on the exchange only: its one network,
 * `EXCHANGE`, takes no deposit and makes no withdrawal.
 */

/** What the caps leave open: the largest amount a funding request may be (server/money/funding/amount.ts). */
const LARGEST_REQUEST = '1000000000';
const CENT = '0.01';
const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });

/** Binance's network fields that say nothing here: no addresses, memos, confirmations or congestion. */
const NO_CHAIN = {
  resetAddressStatus: false,
  addressRegex: '',
  addressRule: '',
  memoRegex: '',
  minConfirm: 0,
  unLockConfirm: 0,
  sameAddress: false,
  busy: false,
  withdrawFee: '0',
};

const bankTransfer = (coin: string, withdrawMax: string) => ({
  network: 'BANK',
  coin,
  name: 'Bank transfer, approved by an administrator',
  isDefault: true,
  depositEnable: true,
  withdrawEnable: true,
  depositDesc: '',
  withdrawDesc: '',
  specialTips: 'Deposits and withdrawals are requested on the web application and approved by an administrator.',
  withdrawIntegerMultiple: CENT,
  withdrawMin: CENT,
  withdrawMax,
  ...NO_CHAIN,
});

const exchangeOnly = (coin: string) => ({
  network: 'EXCHANGE',
  coin,
  name: 'Held on the exchange only',
  isDefault: true,
  depositEnable: false,
  withdrawEnable: false,
  depositDesc: `${coin} cannot be deposited here: buy it on the exchange.`,
  withdrawDesc: `${coin} cannot be withdrawn here: sell it for USDT and withdraw the dollars.`,
  specialTips: '',
  withdrawIntegerMultiple: decimalText(money(10).pow(-ASSET_PRECISION)),
  withdrawMin: '0',
  withdrawMax: '0',
  ...NO_CHAIN,
});

type WalletDeps = Pick<BinanceApiDeps, 'context' | 'catalog'>;

/** Every asset of the venue, as Binance's coin information tells it, with `userId`'s balances. */
export async function walletCoins({ context, catalog }: WalletDeps, userId: string) {
  const [rows, pendingWithdrawals] = await Promise.all([
    readAccount(context.dataSource, userId),
    context.dataSource
      .getRepository(FundingRequest)
      .createQueryBuilder('request')
      .select('COALESCE(sum(request.amount), 0)', 'total')
      .where("request.user_id = :userId AND request.kind = 'withdrawal' AND request.status = 'pending'", { userId })
      .getRawOne<{ total: string }>(),
  ]);
  const byAsset = new Map(rows.filter((row) => row.asset !== null).map((row) => [row.asset!, row]));
  const markets = new Map<string, BookMarket>(catalog.bookMarkets().map((market) => [market.base, market]));
  const withdrawMax =
    fundingCaps(context.config, context.settings, 'withdrawal').maxAmount?.toFixed() ?? LARGEST_REQUEST;
  return catalog.assets().map((asset) => {
    const coin = binanceAsset(asset);
    const row = byAsset.get(asset);
    const market = markets.get(asset);
    // A pending withdrawal is held in the dollars' locked bucket: Binance tells it apart, as withdrawing.
    const withdrawing = asset === USD ? money(pendingWithdrawals?.total ?? 0) : money(0);
    const network = asset === USD ? bankTransfer(coin, withdrawMax) : exchangeOnly(coin);
    return {
      coin,
      depositAllEnable: network.depositEnable,
      withdrawAllEnable: network.withdrawEnable,
      name: market ? market.name : currencyNames.of(asset)!,
      free: decimalText(row?.available ?? '0'),
      locked: decimalText(money(row?.locked ?? 0).minus(withdrawing)),
      freeze: decimalText('0'),
      withdrawing: decimalText(withdrawing),
      ipoing: decimalText('0'),
      ipoable: decimalText('0'),
      storage: decimalText('0'),
      isLegalMoney: !market,
      // Coins trade while their market takes orders; currencies always, on the dollar side of the books or the desk.
      trading: market ? market.status === 'trading' : true,
      networkList: [network],
    };
  });
}
