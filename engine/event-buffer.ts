/**
 * Collects the events of the command being applied, then hands them out as an array of exactly
 * their number.
 *
 * Why not push into a fresh array: an empty array grows on its first push (a builtin call that
 * allocates room for 17), the main cost of `apply` over `applyInto` on the benchmark's stream.
 * Here the events go into one long-lived array, reused from command to command, and are copied
 * out once: an array literal of the right size for the usual 1 to 4 events, `slice` beyond.
 */
import type { EngineEvent } from './events';

/** A command's events beyond this many are not kept in the reused array after they are handed out. */
const RETAINED = 16;

export class EventBuffer {
  private readonly slots: EngineEvent[] = [];
  private count = 0;

  /** Starts a command: forgets the previous command's events. */
  reset(): void {
    this.count = 0;
  }

  push(event: EngineEvent): void {
    this.slots[this.count++] = event;
  }

  /** The command's events as a new array. */
  take(): EngineEvent[] {
    const s = this.slots;
    const n = this.count;
    let events: EngineEvent[];
    if (n === 1) events = [s[0]];
    else if (n === 2) events = [s[0], s[1]];
    else if (n === 3) events = [s[0], s[1], s[2]];
    else if (n === 4) events = [s[0], s[1], s[2], s[3]];
    else events = s.slice(0, n);
    this.release();
    return events;
  }

  /** Appends the command's events to `out`. */
  appendTo(out: EngineEvent[]): void {
    const s = this.slots;
    for (let i = 0; i < this.count; i++) out.push(s[i]);
    this.release();
  }

  /**
   * The few events of an ordinary command stay referenced until the next command overwrites them;
   * a large one's (a sweep through the book) are let go at once.
   */
  private release(): void {
    if (this.count > RETAINED) this.slots.length = 0;
    this.count = 0;
  }
}
