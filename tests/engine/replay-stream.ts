/**
 * The recorded command stream of the replay test: seeded and deterministic, so the fixture can be
 * regenerated and reviewed. Regenerate with: npx tsx tests/engine/generate-replay-fixture.ts
 */
import type { Command, ListOrder, Side } from '../../engine';
import { seededRandom } from '../../server/markets/reference-prices/random-walk';

export function replayStream(seed = 7, length = 3000): Command[] {
  const rnd = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  // Order lists come from a generator of their own, between the commands above, which stay as they were.
  const listRnd = seededRandom(seed + 1);
  const listInt = (lo: number, hi: number) => lo + Math.floor(listRnd() * (hi - lo + 1));
  const commands: Command[] = [];
  let time = 1_767_225_600_000;
  for (let i = 0; i < length; i++) {
    time += int(0, 50);
    if (listRnd() < 0.08) commands.push(listCommand(listInt, listRnd, i, time));
    const orderId = `o${int(0, Math.min(i, 400))}`;
    const userId = `u${int(1, 12)}`;
    const side: Side = rnd() < 0.5 ? 'buy' : 'sell';
    // BTC around 110,000.00 USD: 11,000,000 ticks of 0.01, swinging a few basis points (1 = 1,100
    // ticks) so that trailing stops trigger.
    const mid = 11_000_000 + Math.round(5000 * Math.sin(i / 200));
    const price = mid + int(-40, 40);
    const quantity = int(1, 5000);
    const fees = { makerFeePpm: 1000, takerFeePpm: 2000 };
    const stp = pick(['cancel_newest', 'cancel_oldest', 'cancel_both', 'decrement'] as const);
    const r = rnd();
    if (r < 0.45) {
      const timeInForce = pick(['GTC', 'GTC', 'GTC', 'IOC', 'FOK'] as const);
      const postOnly = timeInForce === 'GTC' && rnd() < 0.1;
      const iceberg = timeInForce === 'GTC' && quantity > 1 && rnd() < 0.15;
      commands.push({
        type: 'place',
        orderId,
        userId,
        side,
        orderType: 'limit',
        price,
        quantity,
        timeInForce,
        postOnly,
        ...(iceberg ? { icebergQty: int(1, quantity - 1) } : {}),
        stp,
        ...fees,
        timestamp: time,
      });
    } else if (r < 0.52) {
      const byQuote = side === 'buy' && rnd() < 0.4;
      commands.push({
        type: 'place',
        orderId,
        userId,
        side,
        orderType: 'market',
        ...(byQuote ? { quoteAmount: int(1, 200) * 11_000_000 } : { quantity }),
        stp,
        ...fees,
        timestamp: time,
      });
    } else if (r < 0.6) {
      const stopPrice = mid + int(-40, 40);
      const limited = rnd() < 0.5;
      const takeProfit = rnd() < 0.5;
      const trailing = pick(['none', 'none', 'with stop', 'without stop'] as const);
      commands.push({
        type: 'place',
        orderId,
        userId,
        side,
        orderType: takeProfit
          ? limited
            ? 'take_profit_limit'
            : 'take_profit'
          : limited
            ? 'stop_limit'
            : 'stop_market',
        ...(trailing !== 'without stop' ? { stopPrice } : {}),
        ...(trailing !== 'none' ? { trailingDelta: int(1, 4) } : {}),
        ...(limited ? { price } : {}),
        quantity,
        stp,
        ...fees,
        timestamp: time,
      });
    } else if (r < 0.75) {
      commands.push({ type: 'cancel', orderId, timestamp: time });
    } else if (r < 0.97) {
      const change = rnd();
      commands.push({
        type: 'amend',
        orderId,
        ...(change < 0.7 ? { price } : {}),
        ...(change > 0.5 ? { quantity } : {}),
        timestamp: time,
      });
    } else {
      commands.push({
        type: 'place',
        orderId,
        userId,
        side,
        orderType: 'limit',
        price: -price,
        quantity,
        ...fees,
        timestamp: time,
      });
    }
  }
  return commands;
}

/**
 * A list around 110,000.00 USD: an OCO with its limit order above the price and its stop below
 * (a sell; a buy the other way round), an OTO whose pending order takes profit on the working
 * one, an OTOCO whose pair does both; or a list canceled.
 */
function listCommand(
  int: (lo: number, hi: number) => number,
  rnd: () => number,
  i: number,
  timestamp: number,
): Command {
  const listId = `l${int(0, Math.min(i, 60))}`;
  const userId = `u${int(1, 12)}`;
  const r = rnd();
  if (r < 0.12) return { type: 'cancelList', listId, timestamp };
  const orderId = () => `o${int(0, Math.min(i, 400))}`;
  const fees = { makerFeePpm: 1000, takerFeePpm: 2000 };
  const away = (side: Side, ticks: number) => 11_000_000 + (side === 'sell' ? ticks : -ticks);
  const limit = (side: Side, price: number, quantity: number): ListOrder => ({
    orderId: orderId(),
    side,
    orderType: 'limit',
    price,
    quantity,
    postOnly: rnd() < 0.3,
    ...fees,
  });
  const stop = (side: Side, stopPrice: number, quantity: number): ListOrder =>
    rnd() < 0.5
      ? { orderId: orderId(), side, orderType: 'stop_market', stopPrice, quantity, ...fees }
      : { orderId: orderId(), side, orderType: 'stop_limit', stopPrice, price: away(side, -60), quantity, ...fees };
  const pair = (side: Side, quantity: number) => [
    limit(side, away(side, int(0, 40)), quantity),
    stop(side, away(side, -int(0, 40)), quantity),
  ];
  const side: Side = rnd() < 0.5 ? 'buy' : 'sell';
  const other: Side = side === 'buy' ? 'sell' : 'buy';
  const quantity = int(1, 5000);
  if (r < 0.45) return { type: 'placeList', listId, userId, kind: 'oco', orders: pair(side, quantity), timestamp };
  const working = limit(side, away(side, int(-20, 40)), quantity);
  if (r < 0.75) {
    const pending =
      rnd() < 0.7 ? limit(other, away(other, int(0, 40)), quantity) : stop(other, away(other, -int(0, 40)), quantity);
    return { type: 'placeList', listId, userId, kind: 'oto', orders: [working, pending], timestamp };
  }
  return { type: 'placeList', listId, userId, kind: 'otoco', orders: [working, ...pair(other, quantity)], timestamp };
}
