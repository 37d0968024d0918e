import { answerRow } from '../../platform/idempotency/recorded-answers';
import { orderRecord } from '../books/order-rows';
import { listRecord } from '../books/live-list';
import { orderListView, orderView } from '../orders/order-views';
import { emptyEffects, type MarketRound, type RoundEffects } from '../round-writer/round-effects';
import type { TraderCache } from '../traders/trader-cache';
import type { MarketCatalog } from '../../markets/catalog';
import { marketFeeRates, type FeeRates } from './funds-hold';
import { OrderExecution, type Outcome } from './order-execution';
import type { Pending, Round } from './rounds';

/**
 * A keyed command's answer, taken as the command leaves its order (later commands may change it
 * before the round commits) and recorded with the round. A refusal is recorded by whoever answers
 * it (see IdempotentRequests): it changed nothing a round would have to commit with it.
 */
function recordedAnswer(catalog: MarketCatalog, p: Pending, outcome: Outcome, effects: RoundEffects): Outcome {
  const { keyed } = p.submission;
  // cancel_all comes from the suspension, never from a request, so it carries no key.
  if (!keyed || !outcome.ok || 'canceled' in outcome) return outcome;
  if ('order' in outcome) {
    const answer = orderView(catalog, orderRecord(catalog, outcome.order), outcome.fills);
    effects.answers.push(answerRow(keyed, keyed.successStatus, answer));
    return { ...outcome, answer };
  }
  const orders = outcome.orders.map((order) => orderRecord(catalog, order));
  const answer = orderListView(catalog, listRecord(outcome.list), orders);
  effects.answers.push(answerRow(keyed, keyed.successStatus, answer));
  return { ...outcome, answer };
}

/** A round applied to the books in memory, ready to be written. */
export interface ExecutedRound {
  now: Date;
  /** Per symbol of the round, its commands' outcomes, in order. */
  outcomes: Outcome[][];
  markets: MarketRound[];
}

/**
 * Applies each command of the round to its book, against what the cache knows of its traders. One
 * refused on that knowledge although its trader was not read for this round (`read`) is taken out
 * of the round and put first in its queue, its trader forgotten: the next round reads them and
 * decides. Each symbol records its state hash with the round when a checkpoint is due.
 */
export function executeRound(
  round: Round,
  traders: TraderCache,
  catalog: MarketCatalog,
  read: ReadonlySet<string>,
): ExecutedRound {
  const now = Date.now();
  const markets: MarketRound[] = [];
  const outcomes = round.map((part) => {
    const { line } = part;
    const effects = emptyEffects();
    const market = catalog.findBookMarket(line.state.market.symbol)!;
    const standings = traders.traders.standings;
    const tierFees = marketFeeRates(market);
    // Each trader's tier as its cached state has it (read with its balances): no read here; once per round.
    const ofTrader = new Map<string, FeeRates>();
    const fees = (userId: string) => {
      let rates = ofTrader.get(userId);
      if (rates === undefined) {
        const state = standings.get(userId);
        rates = tierFees(
          state?.maker_ppm != null && state.taker_ppm != null
            ? { makerPpm: state.maker_ppm, takerPpm: state.taker_ppm }
            : null,
        );
        ofTrader.set(userId, rates);
      }
      return rates;
    };
    const execution = new OrderExecution(line.state, traders.traders, fees, effects);
    const results: Outcome[] = [];
    const kept: Pending[] = [];
    const deferred: Pending[] = [];
    for (const p of part.pending) {
      const outcome = execution.run(p.submission, now);
      if (!outcome.ok && outcome.onTraderData && !read.has(p.submission.userId)) {
        deferred.push(p);
      } else {
        kept.push(p);
        results.push(recordedAnswer(catalog, p, outcome, effects));
      }
    }
    if (deferred.length > 0) {
      traders.forget(deferred.map((p) => p.submission.userId));
      line.queue.unshift(...deferred);
      part.pending = kept;
    }
    const stateHash = line.checkpoints.hashIfDue(line.state, now, effects.commands.length > 0);
    const orders = [...effects.orders.values()].map((order) => orderRecord(catalog, order));
    markets.push({ state: line.state, effects, orders, stateHash });
    return results;
  });
  return { now: new Date(now), outcomes, markets };
}
