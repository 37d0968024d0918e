import type { EventBus } from '../../platform/bus/event-bus';
import type { Logger } from '../../platform/logger/logger';

export const REALTIME_TOPIC = 'realtime';
/** Whose sockets every process closes at once: a suspended user's `{ user_id }`, or ended sessions' `{ session_ids }`. */
export const DISCONNECT_TOPIC = 'realtime.disconnect';

/**
 * The bus topic of Binance user data stream events (server/gateways/streams/user-data): a list of
 * `{user_id, data}`, `data` the event's JSON text, built once where the change committed and sent
 * as it is by the process holding the user's streams.
 */
export const USER_STREAM_TOPIC = 'user.streams';

export interface UserStreamEvent {
  user_id: string;
  data: string;
}

export interface RealtimeMessage {
  room: string;
  event: string;
  data: unknown;
}

/** Pushed to a user's own sockets when an administrator suspends them, just before they are closed. */
export const ACCOUNT_SUSPENDED = 'suspended';

export const userRoom = (userId: string) => `user:${userId}`;
export const marketRoom = (symbol: string) => `market:${symbol}`;
/** Every socket opened with a token naming this sign-in (a row of `sessions`): closed when the sign-in ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const ADMIN_ROOM = 'admin';
export const EVERYONE_ROOM = 'everyone';

/** A message for one user's sockets. */
export const userMessage = (userId: string, event: string, data: unknown): RealtimeMessage => ({
  room: userRoom(userId),
  event,
  data,
});

/**
 * What the gateway's pushes (domain-pushes.ts, market-pushes.ts) send to browsers. It goes through the bus, so
 * every server process delivers it to its own sockets (see realtime/socket-hub.ts). A bus message
 * carries a list of messages: what is published during one turn of the event loop (a commit's
 * fills for many users, a round's trades) travels as one, in the order it was published.
 */
export class Notifier {
  private audience: (room: string) => boolean = () => true;
  private userStreamAudience: (userId: string) => boolean = () => true;
  private outbox: RealtimeMessage[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  /**
   * Which rooms have a socket in them. Only one process's socket hub can tell, so it is set when
   * that process is the only one (the in-memory bus); with several, any room may be listened to.
   */
  listenedRoomsAre(audience: (room: string) => boolean): void {
    this.audience = audience;
  }

  /** Whether a message for `room` can reach anyone: a caller skips building what nobody would receive. */
  reaches(room: string): boolean {
    return this.audience(room);
  }

  /** Which users have a user data stream open in some process (server/gateways/streams/user-data keeps it known in every process). */
  userStreamsListenedAre(audience: (userId: string) => boolean): void {
    this.userStreamAudience = audience;
  }

  /** Whether `userId` may have a user data stream open: a caller skips building events nobody would receive. */
  reachesUserStream(userId: string): boolean {
    return this.userStreamAudience(userId);
  }

  /** Events for users' data streams, those someone may receive, in one bus message. */
  publishToUserStreams(events: UserStreamEvent[]): void {
    const heard = events.filter((event) => this.userStreamAudience(event.user_id));
    if (heard.length > 0) this.bus.publish(USER_STREAM_TOPIC, heard);
  }

  /** Returns at once: the bus delivers (or logs why it could not). */
  publish(messages: RealtimeMessage[]): void {
    const heard = messages.filter((message) => this.audience(message.room));
    if (heard.length === 0) return;
    if (this.outbox.length === 0) setImmediate(() => this.sendOutbox());
    for (const message of heard) this.outbox.push(message);
  }

  private sendOutbox() {
    if (this.outbox.length === 0) return;
    this.bus.publish(REALTIME_TOPIC, this.outbox);
    this.outbox = [];
  }

  /**
   * Runs `work` (say, reading what to push) without the caller waiting: after a commit the answer is
   * the commit's, so a failure here is logged with its cause and never reaches the request.
   */
  afterCommit(what: string, work: () => Promise<void>): void {
    work().catch((error: unknown) => this.logger.error({ err: error, what }, 'notification after commit failed'));
  }

  private send(room: string, event: string, data: unknown) {
    return this.publish([{ room, event, data }]);
  }

  toUser(userId: string, event: string, data: unknown) {
    return this.publish([userMessage(userId, event, data)]);
  }

  toAdmins(event: string, data: unknown) {
    return this.send(ADMIN_ROOM, event, data);
  }

  toMarket(symbol: string, event: string, data: unknown) {
    return this.send(marketRoom(symbol), event, data);
  }

  toEveryone(event: string, data: unknown) {
    return this.send(EVERYONE_ROOM, event, data);
  }

  /** Closes every socket of the user, in every process; what is published after this reaches none of them. */
  disconnectUser(userId: string): void {
    // What was published before goes first: the hub delivers it before it closes the sockets.
    this.sendOutbox();
    this.bus.publish(DISCONNECT_TOPIC, { user_id: userId });
  }

  /** Closes the sockets of these sessions, in every process (the sessions have ended); what was published before reaches them first. */
  disconnectSessions(sessionIds: string[]): void {
    this.sendOutbox();
    this.bus.publish(DISCONNECT_TOPIC, { session_ids: sessionIds });
  }
}
