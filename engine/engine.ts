/** Holds one order book per symbol and routes commands to them. */
import type { Command } from './commands';
import type { EngineEvent } from './events';
import type { MarketSpec } from './market-spec';
import { OrderBook } from './order-book';
import type { BookSnapshot } from './snapshot';
import { idText } from './validation';

export class MatchingEngine {
  private readonly books = new Map<string, OrderBook>();

  addMarket(spec: MarketSpec): OrderBook {
    if (this.books.has(spec.symbol)) throw new Error(`market ${spec.symbol} already exists`);
    const book = new OrderBook(spec);
    this.books.set(spec.symbol, book);
    return book;
  }

  restoreMarket(snapshot: BookSnapshot): OrderBook {
    const book = OrderBook.restore(snapshot);
    this.books.set(book.symbol, book);
    return book;
  }

  book(symbol: string): OrderBook | undefined {
    return this.books.get(symbol);
  }

  symbols(): string[] {
    return [...this.books.keys()].sort();
  }

  apply(symbol: string, cmd: Command): EngineEvent[] {
    const book = this.books.get(symbol);
    if (book) return book.apply(cmd);
    return [
      {
        type: 'rejected',
        seq: 0,
        timestamp: typeof cmd?.timestamp === 'number' ? cmd.timestamp : 0,
        command: cmd?.type ?? 'unknown',
        orderId: idText(cmd?.orderId),
        reason: 'UNKNOWN_SYMBOL',
      },
    ];
  }
}
