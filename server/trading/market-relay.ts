import { z } from 'zod';
import { fromLots, fromTicks, type DepthLevel } from '../../engine';
import type { BookMarket } from '../markets/catalog';
import type { RoundEffects } from './round-writer/round-effects';
import type { CommittedBook } from './sequencer/committed-book';
import type { TradeRow } from './orders/trade.entity';

/**
 * The market-data relay: what the owner of a book publishes on the bus after each commit, once: its
 * trades, and the diff of its book. Its two formatters parse them with these schemas: the Socket.IO
 * market rooms' pushes (server/gateways/realtime/market-pushes.ts) and the Binance market streams
 * (server/gateways/streams/stream-source.ts).
 */
export const TRADES_TOPIC = 'market.trades';
export const BOOK_DIFF_TOPIC = 'market.book';

/** A round's trades on one market, in the order they happened. `seq`: the market's trade sequence number. */
export const tradesMessage = z.object({
  symbol: z.string(),
  trades: z.array(
    z.object({
      id: z.string(),
      seq: z.number().int().positive(),
      price: z.string(),
      amount: z.string(),
      taker_side: z.enum(['buy', 'sell']),
      /** Binance's aggregate trades are a taker order's consecutive trades at one price. */
      taker_order_id: z.string(),
      time: z.number(),
    }),
  ),
});
export type TradesMessage = z.infer<typeof tradesMessage>;

export const publicTrades = (symbol: string, trades: TradeRow[]): TradesMessage => ({
  symbol,
  trades: trades.map((t) => ({
    id: t.id,
    seq: Number(t.seq),
    price: t.price,
    amount: t.amount,
    taker_side: t.taker_side,
    taker_order_id: t.taker_order_id,
    time: t.created_at.getTime(),
  })),
});

const level = z.tuple([z.string(), z.string()]);

/**
 * What one committed round did to one book: the price levels it changed, each with the aggregated
 * quantity it leaves (`"0"` when the level is gone), as decimal strings. Update ids are the book's
 * command sequence numbers: the round covers `firstUpdateId`..`lastUpdateId`, and the next diff
 * starts at `lastUpdateId + 1`, so a subscriber that sees any other start knows it missed one. A
 * round that logged commands without moving a level publishes a diff with no levels, so the ids
 * stay contiguous. The depth the book's readers get carries `lastUpdateId` (see CommittedBook), so a
 * snapshot and these diffs line up as in Binance's procedure for keeping a local order book.
 */
export const bookDiffMessage = z.object({
  symbol: z.string(),
  firstUpdateId: z.number().int().positive(),
  lastUpdateId: z.number().int().positive(),
  bids: z.array(level),
  asks: z.array(level),
  /** The best bid and ask after the round ([price, quantity]; null: that side is empty). */
  bestBid: level.nullable(),
  bestAsk: level.nullable(),
});
export type BookDiff = z.infer<typeof bookDiffMessage>;

/** The diff of a committed round on `market`, or null if it logged no command there. */
export function bookDiff(market: BookMarket, effects: RoundEffects, book: CommittedBook): BookDiff | null {
  const first = effects.commands[0];
  if (!first) return null;
  const levels = (changed: Map<number, number>) =>
    [...changed].map(([price, quantity]): [string, string] => [fromTicks(price, market), fromLots(quantity, market)]);
  const best = (side: DepthLevel[]): [string, string] | null =>
    side[0] ? [fromTicks(side[0].price, market), fromLots(side[0].quantity, market)] : null;
  return {
    symbol: market.symbol,
    firstUpdateId: first.seq,
    lastUpdateId: book.lastUpdateId,
    bids: levels(effects.levels.bids),
    asks: levels(effects.levels.asks),
    bestBid: best(book.depth.bids),
    bestAsk: best(book.depth.asks),
  };
}
