import type { MarketRound } from './round-effects';

/** A round's last logged command: the round committed exactly when this command-log row exists. */
export interface RoundMarker {
  symbol: string;
  seq: number;
}

/** SQL: whether the round marked by (`symbol`, `seq`) has committed, as the statement sees it; no marker (null) counts as committed. */
export const roundCommittedSql = (symbol: string, seq: string) =>
  `(${symbol} IS NULL OR EXISTS (SELECT 1 FROM order_commands WHERE symbol = ${symbol} AND seq = ${seq}))`;

/** The marker of the last command a round logs; null when it logs none. */
export function lastCommand(markets: MarketRound[]): RoundMarker | null {
  for (let i = markets.length - 1; i >= 0; i--) {
    const { state, effects } = markets[i]!;
    const last = effects.commands[effects.commands.length - 1];
    if (last) return { symbol: state.market.symbol, seq: last.seq };
  }
  return null;
}
