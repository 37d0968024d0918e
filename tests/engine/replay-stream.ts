/**
 * The recorded command stream of the replay test: seeded and deterministic, so the fixture can be
 * regenerated and reviewed. Regenerate with: npx tsx tests/engine/generate-replay-fixture.ts
 */
import type { Command, Side } from '../../engine';
import { seededRandom } from '../../server/markets/reference-prices/random-walk';

export function replayStream(seed = 7, length = 3000): Command[] {
  const rnd = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  const commands: Command[] = [];
  let time = 1_767_225_600_000;
  for (let i = 0; i < length; i++) {
    time += int(0, 50);
    const orderId = `o${int(0, Math.min(i, 400))}`;
    const userId = `u${int(1, 12)}`;
    const side: Side = rnd() < 0.5 ? 'buy' : 'sell';
    // BTC around 110,000.00 USD: 11,000,000 ticks of 0.01.
    const price = 11_000_000 + int(-40, 40);
    const quantity = int(1, 5000);
    const fees = { makerFeePpm: 1000, takerFeePpm: 2000 };
    const stp = pick(['cancel_newest', 'cancel_oldest', 'cancel_both'] as const);
    const r = rnd();
    if (r < 0.45) {
      const timeInForce = pick(['GTC', 'GTC', 'GTC', 'IOC', 'FOK'] as const);
      const postOnly = timeInForce === 'GTC' && rnd() < 0.1;
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
      const stopPrice = 11_000_000 + int(-40, 40);
      const limited = rnd() < 0.5;
      commands.push({
        type: 'place',
        orderId,
        userId,
        side,
        orderType: limited ? 'stop_limit' : 'stop_market',
        stopPrice,
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
