import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventBus } from '../../../platform/bus/event-bus';

/** The bus topic on which processes tell one another whose user data streams they hold. */
export const LISTENERS_TOPIC = 'user.streams.listeners';

const announcement = z.union([
  z.object({ process: z.string(), hello: z.literal(true) }),
  z.object({ process: z.string(), added: z.string(), nonce: z.string() }),
  z.object({ process: z.string(), holds: z.array(z.string()) }),
]);
type Announcement = z.infer<typeof announcement>;

/** How often each process tells every user it holds a stream of; a process not heard for three periods is gone. */
const HEARTBEAT_MS = 5000;
/** How long a new stream waits for its announcement to come back through the bus, at most. */
const ECHO_WAIT_MS = 2000;

/**
 * Which users have a user data stream open in any process, known in every process, so that the
 * events of a commit are built only for them wherever the commit happens (a book's owner is often
 * not the process holding its traders' streams). Each process announces a user's first stream at
 * once and waits for its own announcement to come back through the bus before the stream starts:
 * the bus has then handed it to every process ahead of whatever is published after, such as the
 * order the stream's owner sends next. Every HEARTBEAT_MS each process tells all the users it
 * holds (so a stream that ended stops counting, and a lost announcement is made good); a process
 * silent for three heartbeats is forgotten. A process that has just started has not heard the others yet:
 * until a heartbeat has gone round, every user counts.
 */
export class UserStreamAudience {
  private readonly process = randomUUID();
  private readonly remote = new Map<string, { users: Set<string>; heardAt: number }>();
  /** The users this process has told the others of: those it holds, and those whose first stream is starting. */
  private readonly announced = new Set<string>();
  private readonly starting = new Map<string, Promise<void>>();
  private readonly echoes = new Map<string, () => void>();
  private readonly everyoneUntil: number;
  private heartbeat: NodeJS.Timeout | null = null;

  /** `held`: the users this process holds a stream of now. */
  constructor(
    private readonly bus: EventBus,
    private readonly held: () => Iterable<string>,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {
    // With the in-memory bus this process is the only one: there is nobody to hear from.
    this.everyoneUntil = bus.kind === 'memory' ? 0 : Date.now() + heartbeatMs + ECHO_WAIT_MS;
  }

  async start(): Promise<void> {
    await this.bus.subscribe(LISTENERS_TOPIC, (message) => {
      const parsed = announcement.safeParse(message);
      if (parsed.success) this.hear(parsed.data);
    });
    this.bus.publish(LISTENERS_TOPIC, { process: this.process, hello: true });
    this.heartbeat = setInterval(() => this.tellAll(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  /** Whether any process may hold a stream of `userId`. */
  listened(userId: string): boolean {
    if (this.announced.has(userId) || Date.now() < this.everyoneUntil) return true;
    for (const { users } of this.remote.values()) if (users.has(userId)) return true;
    return false;
  }

  /** A stream of `userId` is starting here: resolves once every process can have heard of it. */
  adding(userId: string): Promise<void> {
    const inFlight = this.starting.get(userId);
    if (inFlight) return inFlight;
    if (this.announced.has(userId)) return Promise.resolve();
    this.announced.add(userId);
    const announcing = this.announce(userId).finally(() => this.starting.delete(userId));
    // Told in every heartbeat until it is heard (the caller starts holding the stream as this resolves).
    this.starting.set(userId, announcing);
    return announcing;
  }

  /** Publishes that `userId` is listened here and waits for it to come back (a bus that lost it delivers nothing either). */
  private async announce(userId: string) {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve) => {
        this.echoes.set(nonce, resolve);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
        this.bus.publish(LISTENERS_TOPIC, { process: this.process, added: userId, nonce });
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
      this.remote.set(message.process, { users: new Set(message.holds), heardAt: now });
      return;
    }
    const entry = this.remote.get(message.process) ?? { users: new Set<string>(), heardAt: now };
    entry.users.add(message.added);
    entry.heardAt = now;
    this.remote.set(message.process, entry);
  }

  private tellAll() {
    const now = Date.now();
    for (const [process, { heardAt }] of this.remote)
      if (now - heardAt > 3 * this.heartbeatMs) this.remote.delete(process);
    this.announced.clear();
    for (const userId of [...this.held(), ...this.starting.keys()]) this.announced.add(userId);
    this.bus.publish(LISTENERS_TOPIC, { process: this.process, holds: [...this.announced] });
  }
}
