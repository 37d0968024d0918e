import type { ListStatus } from '../../../trading/orders/order-list.entity';
import type { MarketRound } from '../../../trading/round-writer/round-effects';
import { contingencyType, listOrderStatus, listStatusType } from '../../binance/protocol/order-list-views';
import type { UserStreamEvent } from '../../realtime/notifier';

/**
 * Binance's `listStatus` events of a committed round, after its executionReports: a list placed
 * (EXEC_STARTED), a list whose last open order ended (ALL_DONE); both when one round did both.
 */
export function listStatusEvents(
  { effects }: Pick<MarketRound, 'effects'>,
  listened: (userId: string) => boolean,
  eventTime: number,
): UserStreamEvent[] {
  if (effects.lists.size === 0) return [];
  const events: UserStreamEvent[] = [];
  for (const list of effects.lists.values()) {
    if (!listened(list.userId)) continue;
    const statuses: ListStatus[] = effects.placedLists.has(list.id) ? ['executing'] : [];
    if (list.status === 'all_done') statuses.push('all_done');
    for (const status of statuses)
      events.push({
        user_id: list.userId,
        data: JSON.stringify({
          e: 'listStatus',
          E: eventTime,
          s: list.symbol,
          g: list.id,
          c: contingencyType(list),
          l: listStatusType({ status }),
          L: listOrderStatus({ status }),
          r: 'NONE',
          C: list.clientListId,
          T: (status === 'executing' ? list.createdAt : list.updatedAt).getTime(),
          O: list.legs.map((leg) => ({ s: list.symbol, i: leg.seq, c: leg.clientOrderId })),
        }),
      });
  }
  return events;
}
