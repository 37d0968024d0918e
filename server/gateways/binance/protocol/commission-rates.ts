import type { BookMarket } from '../../../markets/catalog';
import { decimalText } from './decimal-text';

/**
 * A symbol's commission rates as Binance tells them (`GET /api/v3/account/commission`, the
 * WebSocket API's `account.commission`): the caller's own, its fee tier's rates with the market's own
 * rates (where an administrator set them) as the floor (server/trading/fee-tiers); there are no buyer or seller
 * rates, no special or tax commission, and no discount for paying in BNB.
 */

const ZERO_RATE = decimalText('0');
const noRates = () => ({ maker: ZERO_RATE, taker: ZERO_RATE, buyer: ZERO_RATE, seller: ZERO_RATE });

/** Binance's `discount`: none here. */
export const noDiscount = () => ({
  enabledForAccount: false,
  enabledForSymbol: false,
  discountAsset: 'BNB',
  discount: ZERO_RATE,
});

export function commissionRates(
  market: BookMarket,
  rates = { maker: market.makerFeeRate, taker: market.takerFeeRate },
) {
  return {
    symbol: market.symbol,
    standardCommission: {
      maker: decimalText(rates.maker),
      taker: decimalText(rates.taker),
      buyer: ZERO_RATE,
      seller: ZERO_RATE,
    },
    specialCommission: noRates(),
    taxCommission: noRates(),
    discount: noDiscount(),
  };
}
