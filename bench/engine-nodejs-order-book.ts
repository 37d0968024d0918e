/** Drives the npm package nodejs-order-book (benchmark only) with our stream's operations. */
import { OrderBook, SelfTradePreventionMode, Side as TheirSide, type IProcessOrder } from 'nodejs-order-book';
import type { StreamOp } from './engine-stream';

export type TheirBook = OrderBook;

const NONE: IProcessOrder | undefined = undefined;
let lastTaker = '';

export const runTheirs = {
  create: (): TheirBook => new OrderBook(),
  step(book: TheirBook, op: StreamOp): IProcessOrder | undefined {
    lastTaker = op.id;
    switch (op.kind) {
      case 'gtc':
      case 'ioc':
        return book.limit({
          id: op.id,
          side: op.side === 'buy' ? TheirSide.BUY : TheirSide.SELL,
          size: op.qty,
          price: op.price,
          timeInForce: (op.kind === 'gtc' ? 'GTC' : 'IOC') as never,
          accountId: op.user,
          stpMode: SelfTradePreventionMode.EXPIRE_TAKER,
        });
      case 'cancel':
        book.cancel(op.id);
        return NONE;
      case 'move':
        return book.modify(op.id, { price: op.price } as never);
    }
  },
  levels(book: TheirBook): number {
    const [asks, bids] = book.depth();
    return asks.length + bids.length;
  },
  resting(book: TheirBook): number {
    return Object.keys((book as unknown as { orders: Record<string, unknown> }).orders).length;
  },
};

/** Maker orders filled (fully or partly) by the last operation: its trade count. */
export function theirTrades(result: IProcessOrder | undefined): number {
  if (!result) return 0;
  let trades = 0;
  for (const o of result.done) if (o.id !== lastTaker) trades++;
  if (result.partial && result.partial.id !== lastTaker) trades++;
  return trades;
}
