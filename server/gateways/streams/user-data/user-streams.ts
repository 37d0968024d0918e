import { z } from 'zod';
import type { ApiKeyLookup } from '../../../identity/api-keys/api-key-lookup';
import { API_KEYS_CHANGED_TOPIC } from '../../../identity/api-keys/api-keys.service';
import type { EventBus } from '../../../platform/bus/event-bus';
import type { Logger } from '../../../platform/logger/logger';
import { DISCONNECT_TOPIC, USER_STREAM_TOPIC, type Notifier } from '../../realtime/notifier';
import type { StreamConnection } from '../stream-connection';
import type { StreamEvent } from '../stream-events';
import type { StreamHub } from '../stream-hub';
import {
  LISTEN_KEY_CLOSED_TOPIC,
  LISTEN_KEY_FORMAT,
  listenKeyClosed,
  type ListenKeys,
} from '../../binance/protocol/listen-keys';
import { ListenerAudience } from '../listener-audience';

/** The bus topic on which processes tell one another whose user data streams they hold. */
export const USER_LISTENERS_TOPIC = 'user.streams.listeners';
/** How often this process checks its streams against the database: what a lost bus message could leave open at most. */
const SWEEP_MS = 5000;
/** How long a change of a user's keys is remembered for the openings in flight. */
const CHANGES_KEPT_MS = 60_000;
/** The close code of a listenKey's connections when its stream ends (1000: normal closure). */
const STREAM_ENDED = 1000;

const userEvents = z.array(z.object({ user_id: z.string(), data: z.string() }));
const aboutUser = z.object({ user_id: z.string() }).loose();

/** A WebSocket API subscription to a user's events (ws-api-connection.ts). */
export interface ApiSubscription {
  readonly userId: string;
  /** The API key it was opened with: its revocation ends it. */
  readonly apiKey: string;
  send(data: string): void;
  /** Its stream has ended (the key revoked, the owner suspended): tells the subscriber, forgets it. */
  terminate(): void;
}

/**
 * The user data streams this process holds, and their delivery: `/ws/<listenKey>` connections of
 * the stream hub (each listenKey a private channel of it), and WebSocket API subscriptions. Events
 * come from the bus (USER_STREAM_TOPIC), built once where the change committed; each is sent as it
 * is to the user's listenKey connections and wrapped for each subscription. A stream ends at once,
 * in every process, when its listenKey is closed, its API key revoked or its owner suspended (bus
 * messages), and within SWEEP_MS when a listenKey expires or a bus message was lost (the sweep
 * checks every stream against the database).
 */
export class UserStreams {
  /** The listenKeys with connections here: whose they are, and the API key each was opened with. */
  private readonly listenKeyGrants = new Map<string, { userId: string; apiKey: string }>();
  private readonly listenKeysOf = new Map<string, Set<string>>();
  private readonly subscriptionsOf = new Map<string, Set<ApiSubscription>>();
  /** Users whose keys changed or who were suspended lately, with the number of that change (see `opening`). */
  private readonly changedAt = new Map<string, { change: number; at: number }>();
  private changes = 0;
  private readonly sweeper: NodeJS.Timeout;
  private sweeping = false;
  private readonly audience: ListenerAudience;

  constructor(
    private readonly hub: StreamHub,
    private readonly listenKeys: ListenKeys,
    private readonly apiKeys: ApiKeyLookup,
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {
    this.audience = new ListenerAudience(bus, USER_LISTENERS_TOPIC, () => this.heldUsers());
    hub.servePrivateStreams({
      names: (name) => LISTEN_KEY_FORMAT.test(name),
      open: (listenKey, connection) => this.openListenKey(listenKey, connection),
    });
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * Delivers the bus's user events from now on, and ends streams as keys and users change. The
   * notifier builds events only for the users who have a stream in some process (see ListenerAudience).
   */
  async listen(notifier: Notifier): Promise<void> {
    const { bus } = this;
    await this.audience.start();
    notifier.userStreamsListenedAre((userId) => this.audience.listened(userId));
    await bus.subscribe(USER_STREAM_TOPIC, (message) => {
      const parsed = userEvents.safeParse(message);
      if (parsed.success) this.deliver(parsed.data);
      else this.logger.warn({ issues: parsed.error.issues }, 'malformed user stream events ignored');
    });
    await bus.subscribe(DISCONNECT_TOPIC, (message) => {
      const parsed = aboutUser.safeParse(message);
      if (parsed.success) this.endUser(parsed.data.user_id);
    });
    await bus.subscribe(API_KEYS_CHANGED_TOPIC, (message) => {
      const parsed = aboutUser.safeParse(message);
      if (parsed.success) void this.recheckUser(parsed.data.user_id);
    });
    await bus.subscribe(LISTEN_KEY_CLOSED_TOPIC, (message) => {
      const parsed = listenKeyClosed.safeParse(message);
      if (parsed.success) this.endListenKey(parsed.data.listen_key, 'listenKey closed');
    });
  }

  /** The users this process holds a stream of (listenKeys whose connections have all closed are forgotten). */
  private heldUsers(): string[] {
    for (const listenKey of [...this.listenKeyGrants.keys()])
      if (!this.hub.listened(listenKey)) this.forgetListenKey(listenKey);
    return [...new Set([...this.listenKeysOf.keys(), ...this.subscriptionsOf.keys()])];
  }

  /** Notes when an opening began: what it read of a key must then be read again if the user changed since. */
  opening(): number {
    return this.changes;
  }

  /**
   * Starts delivering to a WebSocket API subscription whose key was found usable by a read begun at
   * `openedAt` (see `opening`): false, and nothing added, if that key no longer holds.
   */
  async subscribe(subscription: ApiSubscription, openedAt: number): Promise<boolean> {
    if (this.changedSince(subscription.userId, openedAt) && !(await this.usable(subscription.apiKey))) return false;
    await this.audience.adding(subscription.userId);
    addTo(this.subscriptionsOf, subscription.userId, subscription);
    return true;
  }

  unsubscribe(subscription: ApiSubscription): void {
    removeFrom(this.subscriptionsOf, subscription.userId, subscription);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.audience.stop();
  }

  /**
   * A listenKey named as a stream (`/ws/<listenKey>`, `/stream?streams=<listenKey>`, a SUBSCRIBE):
   * the connection joins its channel, and closes if it names no live stream.
   */
  private openListenKey(segment: string, connection: StreamConnection): Promise<void> {
    const openedAt = this.opening();
    connection.joinChannel(segment);
    const read = async () => {
      const [state] = await this.listenKeys.find([segment]);
      return state?.live && (await this.usable(state.apiKey)) ? state : null;
    };
    return (
      read()
        // Read before a change of its owner's keys arrived: read again, after it.
        .then(async (state) => (state && this.changedSince(state.userId, openedAt) ? read() : state))
        .then(async (state) => {
          if (!state) {
            connection.close(STREAM_ENDED, 'This listenKey does not exist.');
            return;
          }
          await this.audience.adding(state.userId);
          this.listenKeyGrants.set(segment, { userId: state.userId, apiKey: state.apiKey });
          addTo(this.listenKeysOf, state.userId, segment);
        })
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'user stream: a listenKey could not be read');
          connection.close(STREAM_ENDED, 'This listenKey could not be read.');
        })
    );
  }

  private deliver(events: z.infer<typeof userEvents>) {
    const streamEvents: StreamEvent[] = [];
    for (const { user_id: userId, data } of events) {
      for (const listenKey of this.listenKeysOf.get(userId) ?? []) streamEvents.push({ stream: listenKey, data });
      for (const subscription of this.subscriptionsOf.get(userId) ?? []) subscription.send(data);
    }
    if (streamEvents.length > 0) this.hub.deliver(streamEvents);
  }

  /** A suspension: every stream of the user ends, and any opening in flight for them will not start. */
  private endUser(userId: string) {
    this.markChanged(userId);
    for (const listenKey of this.listenKeysOf.get(userId) ?? []) this.endListenKey(listenKey, 'Account suspended');
    for (const subscription of this.subscriptionsOf.get(userId) ?? []) subscription.terminate();
    this.subscriptionsOf.delete(userId);
  }

  /** A key of the user was revoked (which one is not said), or the user reactivated: their streams are checked against the keys now. */
  private async recheckUser(userId: string) {
    this.markChanged(userId);
    this.apiKeys.forgetUser(userId);
    try {
      await this.recheck([...(this.listenKeysOf.get(userId) ?? [])], [...(this.subscriptionsOf.get(userId) ?? [])]);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'user stream: keys could not be checked');
    }
  }

  /** Every stream of this process against the database: expired or closed listenKeys, keys revoked, owners suspended. */
  private async sweep() {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const listenKeys = [...this.listenKeyGrants.keys()].filter((listenKey) => {
        if (this.hub.listened(listenKey)) return true;
        this.forgetListenKey(listenKey);
        return false;
      });
      await this.recheck(
        listenKeys,
        [...this.subscriptionsOf.values()].flatMap((set) => [...set]),
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'user stream: the sweep could not check the streams');
    } finally {
      this.sweeping = false;
    }
  }

  private async recheck(listenKeys: string[], subscriptions: ApiSubscription[]) {
    const states = new Map((await this.listenKeys.find(listenKeys)).map((state) => [state.listenKey, state]));
    const apiKeys = [...states.values(), ...subscriptions].map(({ apiKey }) => apiKey);
    const usable = new Map<string, boolean>();
    for (const apiKey of new Set(apiKeys)) usable.set(apiKey, await this.usable(apiKey));
    for (const listenKey of listenKeys) {
      const state = states.get(listenKey);
      if (!state) this.endListenKey(listenKey, 'listenKey closed');
      else if (!usable.get(state.apiKey)) this.endListenKey(listenKey, 'API key revoked');
      else if (!state.live) this.expire(listenKey);
    }
    for (const subscription of subscriptions) if (!usable.get(subscription.apiKey)) subscription.terminate();
  }

  /** Binance's last event of an expired listenKey, then its connections close. */
  private expire(listenKey: string) {
    const data = JSON.stringify({ e: 'listenKeyExpired', E: Date.now(), listenKey });
    this.hub.deliver([{ stream: listenKey, data }]);
    this.endListenKey(listenKey, 'listenKey expired');
  }

  private endListenKey(listenKey: string, reason: string) {
    this.hub.closeChannel(listenKey, STREAM_ENDED, reason);
    this.forgetListenKey(listenKey);
  }

  private forgetListenKey(listenKey: string) {
    const grant = this.listenKeyGrants.get(listenKey);
    if (!grant) return;
    this.listenKeyGrants.delete(listenKey);
    removeFrom(this.listenKeysOf, grant.userId, listenKey);
  }

  private async usable(apiKey: string): Promise<boolean> {
    const grant = await this.apiKeys.find(apiKey);
    return grant !== null && grant.ownerMayUse;
  }

  private markChanged(userId: string) {
    const now = Date.now();
    // An opening reads a key in well under this: older changes cannot have happened during one.
    for (const [user, { at }] of this.changedAt) if (now - at > CHANGES_KEPT_MS) this.changedAt.delete(user);
    this.changes += 1;
    this.changedAt.set(userId, { change: this.changes, at: now });
  }

  private changedSince(userId: string, openedAt: number): boolean {
    return (this.changedAt.get(userId)?.change ?? -1) > openedAt;
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T) {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<T>(map: Map<string, Set<T>>, key: string, value: T) {
  const set = map.get(key);
  if (set?.delete(value) && set.size === 0) map.delete(key);
}
