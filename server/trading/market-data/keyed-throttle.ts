/**
 * Runs `work(key)` at most once per `intervalMs` for each key: a request while one is pending or too
 * recent is folded into one trailing run, so the last state is always delivered.
 */
export class KeyedThrottle {
  private readonly lastRun = new Map<string, number>();
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly intervalMs: number,
    private readonly work: (key: string) => Promise<void>,
  ) {}

  request(key: string) {
    if (this.pending.has(key)) return;
    const wait = Math.max(0, (this.lastRun.get(key) ?? 0) + this.intervalMs - Date.now());
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.lastRun.set(key, Date.now());
      void this.work(key);
    }, wait);
    this.pending.set(key, timer);
  }

  stop() {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
