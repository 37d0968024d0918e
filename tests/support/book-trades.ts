import { fundedTrader } from './trader-fixtures';
import type { TestExchange } from './test-exchange';

/**
 * Makes one real trade on a book through the HTTP API: a seller rests a limit sell, then a buyer's
 * limit buy at the same price takes it (or the other way round with taker 'sell').
 */
export async function tradeOnBook(server: TestExchange, trade: { symbol: string; base: string; price: string; amount: string; taker?: 'buy' | 'sell' }) {
  const total = String(Number(trade.price) * Number(trade.amount) * 2 + 10);
  const seller = await fundedTrader(server, { [trade.base]: trade.amount }, 'Book Seller');
  const buyer = await fundedTrader(server, { USD: total }, 'Book Buyer');
  const order = (side: 'buy' | 'sell') => ({ symbol: trade.symbol, side, type: 'limit', amount: trade.amount, price: trade.price });
  const [maker, taker] = trade.taker === 'sell' ? [buyer, seller] : [seller, buyer];
  const makerSide = trade.taker === 'sell' ? 'buy' : 'sell';
  const rested = await maker.client.post('/trading/order', order(makerSide));
  if (rested.status !== 200) throw new Error(`maker order refused: ${JSON.stringify(rested.body)}`);
  const took = await taker.client.post('/trading/order', order(makerSide === 'buy' ? 'sell' : 'buy'));
  if (took.status !== 200) throw new Error(`taker order refused: ${JSON.stringify(took.body)}`);
  return { maker, taker };
}
