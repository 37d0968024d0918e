import { performance } from 'node:perf_hooks';

/**
 * The one Socket.IO event the hub sends: every event a room is due, in order, as `[event, data]`
 * pairs. Clients unpack it and hand each pair to the listeners of its event.
 */
export const BATCH_EVENT = 'batch';
export type RealtimeBatch = Array<[event: string, data: unknown]>;

/**
 * After a flush, the hub waits at least this many times the CPU time the flush took before the next
 * one: writing packets then takes at most a third of the process's CPU, however many sockets listen
 * (CPU time, not elapsed time: on a busy machine a flush waits for the CPU too, which is no reason to
 * wait longer after it). With few sockets a flush takes microseconds and the next turn of the event
 * loop comes first.
 */
const PAUSE_PER_FLUSH_CPU = 2;

/**
 * Collects the events due to each room and hands them over as one batch per room. Sending a packet
 * costs a write per socket in the room, so with a thousand sockets in a market room one packet per
 * trade is what exhausts a process; one packet per room per flush costs the same whatever the rate.
 * A room's events keep their order, and rooms are flushed in the order they first got one.
 */
export class RoomBatches {
  private pending = new Map<string, RealtimeBatch>();
  /** Cancels the flush that is scheduled, if one is. */
  private cancelScheduled: (() => void) | null = null;
  private nextFlushAt = 0;

  constructor(private readonly send: (room: string, batch: RealtimeBatch) => void) {}

  add(room: string, event: string, data: unknown): void {
    const batch = this.pending.get(room);
    if (batch) batch.push([event, data]);
    else this.pending.set(room, [[event, data]]);
    this.schedule();
  }

  /** Sends everything pending now (say, before sockets are closed, so what was due before reaches them first). */
  flush(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = null;
    if (this.pending.size === 0) return;
    const rooms = this.pending;
    this.pending = new Map();
    const cpuBefore = process.cpuUsage();
    for (const [room, batch] of rooms) this.send(room, batch);
    const cpu = process.cpuUsage(cpuBefore);
    this.nextFlushAt = performance.now() + ((cpu.user + cpu.system) / 1000) * PAUSE_PER_FLUSH_CPU;
  }

  private schedule() {
    if (this.cancelScheduled) return;
    const wait = this.nextFlushAt - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.cancelScheduled = () => clearTimeout(timer);
    } else {
      // What comes in during the rest of this turn of the event loop goes in the same batch.
      const immediate = setImmediate(() => this.flush());
      this.cancelScheduled = () => clearImmediate(immediate);
    }
  }
}
