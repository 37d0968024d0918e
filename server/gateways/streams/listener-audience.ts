import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventBus } from '../../platform/bus/event-bus';

const announcement = z.union([
  z.object({ process: z.string(), hello: z.literal(true) }),
  z.object({ process: z.string(), added: z.string(), nonce: z.string() }),
  z.object({ process: z.string(), holds: z.array(z.string()) }),
]);
type Announcement = z.infer<typeof announcement>;

/** How often each process tells every key it holds; a process not heard for three periods is gone. */
const HEARTBEAT_MS = 5000;
/** How long a new stream waits for its announcement to come back through the bus, at most. */
const ECHO_WAIT_MS = 2000;

/**
 * Which keys (users with a user data stream, market streams) have a listener in any process,
 * known in every process, so that events are built only for them wherever they are built (a
 * book's owner is often not the process holding its traders' streams; one process builds every
 * market stream). Each process announces a key's first listener at once, on `topic`, and
 * `adding` resolves when its own announcement comes back through the bus: the bus has then handed
 * it to every process ahead of whatever is published after, such as the order a stream's owner
 * sends next. Every HEARTBEAT_MS each process tells all the keys it holds (so a listener that left
 * stops counting, and a lost announcement is made good); a process silent for three heartbeats is
 * forgotten. A process that has just started has not heard the others yet: until a heartbeat has
 * gone round, every key counts.
 */
export class ListenerAudience {
  private readonly process = randomUUID();
  private readonly remote = new Map<string, { keys: Set<string>; heardAt: number }>();
  /** The keys this process has told the others of: those it holds, and those whose first listener is starting. */
  private readonly announced = new Set<string>();
  private readonly starting = new Map<string, Promise<void>>();
  private readonly echoes = new Map<string, () => void>();
  private readonly everyoneUntil: number;
  private heartbeat: NodeJS.Timeout | null = null;

  /** `held`: the keys this process has a listener of now. */
  constructor(
    private readonly bus: EventBus,
    private readonly topic: string,
    private readonly held: () => Iterable<string>,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {
    // With the in-memory bus this process is the only one: there is nobody to hear from.
    this.everyoneUntil = bus.kind === 'memory' ? 0 : Date.now() + heartbeatMs + ECHO_WAIT_MS;
  }

  async start(): Promise<void> {
    await this.bus.subscribe(this.topic, (message) => {
      const parsed = announcement.safeParse(message);
      if (parsed.success) this.hear(parsed.data);
    });
    this.bus.publish(this.topic, { process: this.process, hello: true });
    this.heartbeat = setInterval(() => this.tellAll(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  /** Whether any process may have a listener of `key`. */
  listened(key: string): boolean {
    if (this.announced.has(key) || Date.now() < this.everyoneUntil) return true;
    for (const { keys } of this.remote.values()) if (keys.has(key)) return true;
    return false;
  }

  /** A listener of `key` is starting here: resolves once every process can have heard of it. */
  adding(key: string): Promise<void> {
    const inFlight = this.starting.get(key);
    if (inFlight) return inFlight;
    if (this.announced.has(key)) return Promise.resolve();
    this.announced.add(key);
    const announcing = this.announce(key).finally(() => this.starting.delete(key));
    // Told in every heartbeat until it is heard (the caller starts holding the stream as this resolves).
    this.starting.set(key, announcing);
    return announcing;
  }

  /** Publishes that `key` is listened here and waits for it to come back (a bus that lost it delivers nothing either). */
  private async announce(key: string) {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve) => {
        this.echoes.set(nonce, resolve);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
        this.bus.publish(this.topic, { process: this.process, added: key, nonce });
      });
    } finally {
      clearTimeout(timer);
      this.echoes.delete(nonce);
    }
  }

  private hear(message: Announcement) {
    if (message.process === this.process) {
      if ('nonce' in message) this.echoes.get(message.nonce)?.();
      return;
    }
    if ('hello' in message) return this.tellAll();
    const now = Date.now();
    if ('holds' in message) {
      this.remote.set(message.process, { keys: new Set(message.holds), heardAt: now });
      return;
    }
    const entry = this.remote.get(message.process) ?? { keys: new Set<string>(), heardAt: now };
    entry.keys.add(message.added);
    entry.heardAt = now;
    this.remote.set(message.process, entry);
  }

  private tellAll() {
    const now = Date.now();
    for (const [process, { heardAt }] of this.remote)
      if (now - heardAt > 3 * this.heartbeatMs) this.remote.delete(process);
    this.announced.clear();
    for (const key of [...this.held(), ...this.starting.keys()]) this.announced.add(key);
    this.bus.publish(this.topic, { process: this.process, holds: [...this.announced] });
  }
}
