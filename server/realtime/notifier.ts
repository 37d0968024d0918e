import type { EventBus } from '../bus/event-bus';

export const REALTIME_TOPIC = 'realtime';

export interface RealtimeMessage {
  room: string;
  event: string;
  data: unknown;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const marketRoom = (symbol: string) => `market:${symbol}`;
export const ADMIN_ROOM = 'admin';
export const EVERYONE_ROOM = 'everyone';

/**
 * What services call after a commit to tell browsers something changed. It goes through the bus, so
 * every server process delivers it to its own sockets (see realtime/socket-hub.ts).
 */
export class Notifier {
  constructor(private readonly bus: EventBus) {}

  private send(room: string, event: string, data: unknown) {
    const message: RealtimeMessage = { room, event, data };
    return this.bus.publish(REALTIME_TOPIC, message);
  }

  toUser(userId: string, event: string, data: unknown) {
    return this.send(userRoom(userId), event, data);
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
}
