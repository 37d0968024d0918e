/**
 * A seeded, exchange-core-style command stream for one symbol: a pre-filled book, then about 9%
 * GTC limits, 3% IOC limits, 6% cancels and 82% moves (amend of price). The generator runs our
 * own OrderBook to know which orders are alive, so every cancel and move names a live order.
 */
import { OrderBook, type Command, type EngineEvent, type Side } from '../engine';
import { seededRandom } from '../server/markets/reference-prices/random-walk';

export interface StreamOptions {
  seed: number;
  restingOrders: number;
  /** Price slots a side; levels in use end up fewer (random placement). */
  halfWidth: number;
  accounts: number;
  commands: number;
}

export type StreamOp =
  | { kind: 'gtc' | 'ioc'; id: string; user: string; side: Side; price: number; qty: number }
  | { kind: 'cancel'; id: string }
  | { kind: 'move'; id: string; price: number };

export interface Stream {
  /** Builds the book before timing starts. */
  prefill: StreamOp[];
  ops: StreamOp[];
}

const CENTER = 1_000_000;

export function toCommand(op: StreamOp, timestamp: number): Command {
  switch (op.kind) {
    case 'gtc':
    case 'ioc':
      return {
        type: 'place',
        orderId: op.id,
        userId: op.user,
        side: op.side,
        orderType: 'limit',
        price: op.price,
        quantity: op.qty,
        timeInForce: op.kind === 'gtc' ? 'GTC' : 'IOC',
        makerFeePpm: 1000,
        takerFeePpm: 2000,
        timestamp,
      };
    case 'cancel':
      return { type: 'cancel', orderId: op.id, timestamp };
    case 'move':
      return { type: 'amend', orderId: op.id, price: op.price, timestamp };
  }
}

export const BENCH_SPEC = { symbol: 'BENCH', tickSize: '0.01', lotSize: '0.001', minNotional: '0' };

export function generateStream(o: StreamOptions): Stream {
  const rnd = seededRandom(o.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const book = new OrderBook(BENCH_SPEC);
  const live: string[] = [];
  const where = new Map<string, number>();
  const sideOf = new Map<string, Side>();
  let nextId = 0;
  let time = 0;
  const out: EngineEvent[] = [];

  const sync = (id: string) => {
    const alive = book.getOrder(id) !== undefined;
    const at = where.get(id);
    if (alive && at === undefined) {
      where.set(id, live.length);
      live.push(id);
    } else if (!alive && at !== undefined) {
      const last = live.pop() as string;
      if (last !== id) {
        live[at] = last;
        where.set(last, at);
      }
      where.delete(id);
      sideOf.delete(id);
    }
  };
  const run = (op: StreamOp) => {
    out.length = 0;
    book.applyInto(toCommand(op, ++time), out);
    sync(op.id);
    for (const e of out) {
      if (e.type === 'trade') sync(e.makerOrderId);
      else if (e.type === 'canceled') sync(e.orderId);
    }
  };
  const passive = (side: Side) => (side === 'buy' ? CENTER - int(1, o.halfWidth) : CENTER + int(1, o.halfWidth));
  const aggressive = (side: Side) => {
    const best = side === 'buy' ? book.bestAsk() : book.bestBid();
    if (best === undefined) return passive(side);
    return side === 'buy' ? best + int(0, 3) : best - int(0, 3);
  };
  const newOrder = (kind: 'gtc' | 'ioc', cross: boolean): StreamOp => {
    const side: Side = rnd() < 0.5 ? 'buy' : 'sell';
    const id = `o${nextId++}`;
    sideOf.set(id, side);
    const price = cross ? aggressive(side) : passive(side);
    return { kind, id, user: `u${int(1, o.accounts)}`, side, price, qty: int(1, kind === 'ioc' ? 40 : 100) };
  };

  const prefill: StreamOp[] = [];
  for (let i = 0; i < o.restingOrders; i++) {
    const op = newOrder('gtc', false);
    prefill.push(op);
    run(op);
  }
  const ops: StreamOp[] = [];
  for (let i = 0; i < o.commands; i++) {
    const r = rnd();
    let op: StreamOp;
    const tooMany = live.length > o.restingOrders * 1.05;
    const tooFew = live.length < o.restingOrders * 0.95;
    if (r < 0.09) op = tooMany ? { kind: 'cancel', id: live[int(0, live.length - 1)] } : newOrder('gtc', rnd() < 0.1);
    else if (r < 0.12) op = newOrder('ioc', true);
    else if (r < 0.18 && !tooFew) op = { kind: 'cancel', id: live[int(0, live.length - 1)] };
    else if (r < 0.18) op = newOrder('gtc', false);
    else {
      const id = live[int(0, live.length - 1)];
      const side = book.getOrder(id)?.side ?? 'buy';
      op = { kind: 'move', id, price: rnd() < 0.02 ? aggressive(side) : passive(side) };
    }
    ops.push(op);
    run(op);
  }
  return { prefill, ops };
}
