import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * The trading core's rounds (server/trading/sequencer): one observation per round, none per
 * command, so the hot path pays three histogram updates a round.
 */
export class RoundMetrics {
  private readonly commands: Histogram;
  private readonly engine: Histogram;
  private readonly commit: Histogram;
  private readonly failures: Counter;

  constructor(registry: Registry) {
    this.commands = new Histogram({
      name: 'exchange_trading_round_commands',
      help: 'Commands in a trading round (placements and cancels, every symbol of the round)',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000],
      registers: [registry],
    });
    this.engine = new Histogram({
      name: 'exchange_trading_round_engine_seconds',
      help: "Time to apply a round's commands to the books in memory (matching, holds, rows to write)",
      buckets: [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      registers: [registry],
    });
    this.commit = new Histogram({
      name: 'exchange_trading_round_commit_seconds',
      help: "Time from a round's statement being sent to its commit (queued behind the round ahead included)",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    this.failures = new Counter({
      name: 'exchange_trading_round_failures_total',
      help: 'Trading rounds whose write failed (their commands were then retried one by one)',
      registers: [registry],
    });
  }

  /** A round applied to its books: `commands` of them, in `seconds`. */
  executed(commands: number, seconds: number): void {
    this.commands.observe(commands);
    this.engine.observe(seconds);
  }

  committed(seconds: number): void {
    this.commit.observe(seconds);
  }

  failed(): void {
    this.failures.inc();
  }
}
