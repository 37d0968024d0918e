import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';

export const REALTIME_TOPIC = 'realtime';
/** Whose sockets every process closes at once (a suspended user's): `{ user_id }`. */
export const DISCONNECT_TOPIC = 'realtime.disconnect';

export interface RealtimeMessage {
  room: string;
  event: string;
  data: unknown;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const marketRoom = (symbol: string) => `market:${symbol}`;
export const ADMIN_ROOM = 'admin';
export const EVERYONE_ROOM = 'everyone';

/** A message for one user's sockets. */
export const userMessage = (userId: string, event: string, data: unknown): RealtimeMessage => ({
  room: userRoom(userId),
  event,
  data,
});

/**
 * What services call after a commit to tell browsers something changed. It goes through the bus, so
 * every server process delivers it to its own sockets (see realtime/socket-hub.ts). A bus message
 * carries a list of messages: a commit that tells many users at once publishes once.
 */
export class Notifier {
  private audience: (room: string) => boolean = () => true;

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

  /** Returns at once: the bus delivers (or logs why it could not). */
  publish(messages: RealtimeMessage[]): void {
    const heard = messages.filter((message) => this.audience(message.room));
    if (heard.length > 0) this.bus.publish(REALTIME_TOPIC, heard);
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
    this.bus.publish(DISCONNECT_TOPIC, { user_id: userId });
  }
}
