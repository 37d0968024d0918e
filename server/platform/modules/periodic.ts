import type { ExchangeModule } from './context';

/**
 * A module that runs `sweep` again `everyMs` after each run ends (at once when it answers true: more
 * is waiting). Stopping waits for the run in flight, so nothing runs once the database closes; the
 * timer alone keeps no process alive. A failed run is told to `onError` and the next one goes on.
 */
export function periodicModule(
  name: string,
  everyMs: number,
  sweep: () => Promise<boolean | void>,
  onError: (error: unknown) => void,
): ExchangeModule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep()
        .then((more) => more === true)
        .catch((error: unknown) => {
          onError(error);
          return false;
        })
        .then((more) => schedule(more ? 0 : everyMs));
    }, delayMs);
    timer.unref();
  };
  return {
    name,
    async start() {
      stopped = false;
      schedule(everyMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
