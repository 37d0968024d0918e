import { binanceAsset } from '../../binance/account-routes';
import { decimalText } from '../../binance/protocol/decimal-text';
import type { AccountBalance, Posting } from '../../../ledger/ledger';
import { fromLedgerUnits, toLedgerUnits } from '../../../kernel/money';
import type { UserStreamEvent } from '../../realtime/notifier';

/**
 * Binance's account events of a commit, from what the commit itself answered (no read after it):
 * `outboundAccountPosition`, each user's balances the commit changed (free and locked), and
 * `balanceUpdate`, a change of an asset's free balance that no order made (a deposit, a withdrawal
 * and its decision). Assets are named as on the REST surface (the dollar is USDT).
 */

/** Each user's changed accounts, `listened` ones only: one outboundAccountPosition per user. */
export function accountPositions(
  balances: AccountBalance[],
  listened: (userId: string) => boolean,
  eventTime: number,
  updateTime: number,
): UserStreamEvent[] {
  const byUser = new Map<string, AccountBalance[]>();
  for (const balance of balances) {
    if (!listened(balance.user_id)) continue;
    const accounts = byUser.get(balance.user_id);
    if (accounts) accounts.push(balance);
    else byUser.set(balance.user_id, [balance]);
  }
  return [...byUser].map(([userId, accounts]) => ({
    user_id: userId,
    data: JSON.stringify({
      e: 'outboundAccountPosition',
      E: eventTime,
      u: updateTime,
      B: accounts.map(({ asset, available, locked }) => ({
        a: binanceAsset(asset),
        f: decimalText(available),
        l: decimalText(locked),
      })),
    }),
  }));
}

/** What `posting` did to each user's free balances, `listened` users only: a balanceUpdate per asset it moved. */
export function balanceUpdates(
  posting: Posting,
  listened: (userId: string) => boolean,
  eventTime: number,
  clearTime: number,
): UserStreamEvent[] {
  const deltas = new Map<string, { userId: string; asset: string; units: bigint }>();
  for (const leg of posting.legs) {
    if (!('userId' in leg.owner) || leg.bucket !== 'available' || !listened(leg.owner.userId)) continue;
    const key = `${leg.owner.userId} ${leg.asset}`;
    const delta = deltas.get(key) ?? { userId: leg.owner.userId, asset: leg.asset, units: 0n };
    delta.units += toLedgerUnits(leg.amount);
    deltas.set(key, delta);
  }
  return [...deltas.values()]
    .filter(({ units }) => units !== 0n)
    .map(({ userId, asset, units }) => ({
      user_id: userId,
      data: JSON.stringify({
        e: 'balanceUpdate',
        E: eventTime,
        a: binanceAsset(asset),
        d: decimalText(fromLedgerUnits(units)),
        T: clearTime,
      }),
    }));
}
