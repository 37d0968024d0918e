import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../identity/auth/authenticated-user';
import type { Authenticator } from '../../identity/auth/authenticator';
import type { EventBus } from '../../platform/bus/event-bus';
import type { Logger } from '../../platform/logger/logger';
import type { SocketPlaces } from './socket-places';
import {
  ADMIN_ROOM,
  DISCONNECT_TOPIC,
  EVERYONE_ROOM,
  REALTIME_TOPIC,
  marketRoom,
  sessionRoom,
  userRoom,
  type Notifier,
  type RealtimeMessage,
} from './notifier';
import { BATCH_EVENT, RoomBatches } from '../connections/room-batches';

const subscription = z.object({ symbol: z.string().regex(/^[A-Za-z]{2,10}\/?[A-Za-z]{2,10}$/) });
const MAX_MARKET_ROOMS = 20;
const disconnection = z.union([z.object({ user_id: z.string() }), z.object({ session_ids: z.array(z.string()) })]);
/** A handshake reads its user once; disconnections older than this cannot have happened during one. */
const HANDSHAKE_WINDOW_MS = 60_000;

/**
 * Rooms whose sockets were disconnected (a suspended user's, an ended session's), numbered in
 * order, so a handshake whose user was read before a disconnection arrived does not join them after
 * it: a handshake notes the number it started at. Entries are kept as long as a handshake can take.
 */
class Disconnections {
  private count = 0;
  private readonly numberOf = new Map<string, number>();
  private readonly recent: Array<{ room: string; number: number; at: number }> = [];

  /** The number a handshake starting now notes. */
  now(): number {
    return this.count;
  }

  mark(rooms: string[]): void {
    const at = Date.now();
    while (this.recent.length > 0 && at - this.recent[0]!.at > HANDSHAKE_WINDOW_MS) {
      const { room, number } = this.recent.shift()!;
      if (this.numberOf.get(room) === number) this.numberOf.delete(room);
    }
    for (const room of rooms) {
      this.numberOf.set(room, this.count);
      this.recent.push({ room, number: this.count, at });
    }
    this.count += 1;
  }

  /** Whether any of these rooms was disconnected since a handshake that started at `startedAt`. */
  since(startedAt: number, rooms: string[]): boolean {
    return rooms.some((room) => (this.numberOf.get(room) ?? -1) >= startedAt);
  }
}

/**
 * Socket.IO on the API's port. The handshake's token decides the private rooms (user:{id} or admin);
 * anyone may join market rooms. Messages come from the bus: with Redis every process receives each
 * one and delivers it to the sockets it holds itself (io.local), so one fan-out path serves one or
 * many processes. So do disconnections: a suspended user's sockets, and an ended session's, are
 * closed in every process. Each connection holds one of the process's `places` from its handshake on.
 */
export async function startSocketHub(
  httpServer: HttpServer,
  authenticator: Authenticator,
  bus: EventBus,
  notifier: Notifier,
  places: SocketPlaces,
  logger: Logger,
) {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // engine.io would otherwise end every other path's upgrade (the market streams' /ws, /stream).
    destroyUpgrade: false,
    allowRequest: places.allowRequest,
  });
  places.follow(io.engine);

  const disconnections = new Disconnections();

  io.use(async (socket, next) => {
    socket.data.startedAt = disconnections.now();
    const token: unknown = socket.handshake.auth?.token;
    try {
      socket.data.user = typeof token === 'string' && token ? await authenticator.identify(`Bearer ${token}`) : null;
    } catch {
      socket.data.user = null; // a stale token still gets the public rooms
    }
    next();
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as AuthenticatedUser | null;
    void socket.join(EVERYONE_ROOM);
    // An administrator who must still turn two-factor on hears nothing of the back office.
    if (user && !authenticator.mustSetUpTwoFactor(user)) {
      const cut = disconnections.since(socket.data.startedAt as number, [
        userRoom(user.id),
        sessionRoom(user.session_id),
      ]);
      if (!cut) void socket.join([user.is_admin ? ADMIN_ROOM : userRoom(user.id), sessionRoom(user.session_id)]);
    }

    socket.on('subscribe', (payload: unknown) => {
      const parsed = subscription.safeParse(payload);
      if (!parsed.success) return;
      const markets = [...socket.rooms].filter((room) => room.startsWith('market:'));
      if (markets.length >= MAX_MARKET_ROOMS) return;
      void socket.join(marketRoom(parsed.data.symbol.replace('/', '').toUpperCase()));
    });
    socket.on('unsubscribe', (payload: unknown) => {
      const parsed = subscription.safeParse(payload);
      if (parsed.success) void socket.leave(marketRoom(parsed.data.symbol.replace('/', '').toUpperCase()));
    });
  });

  const localRooms = io.of('/').adapter.rooms;
  // This process holds every socket: a message for a room nobody is in need not even be built.
  if (bus.kind === 'memory') notifier.listenedRoomsAre((room) => localRooms.has(room));
  // Encoded once per room and flush, written as is to every socket in the room. Uncompressed: these
  // are small, and a long-polling socket would otherwise gzip the same packet once for itself.
  const batches = new RoomBatches((room, batch) => io.local.to(room).compress(false).emit(BATCH_EVENT, batch));
  await bus.subscribe(REALTIME_TOPIC, (messages) => {
    // A room none of this process's sockets is in costs nothing: no packet is encoded for it.
    for (const { room, event, data } of messages as RealtimeMessage[])
      if (localRooms.has(room)) batches.add(room, event, data);
  });
  await bus.subscribe(DISCONNECT_TOPIC, (message) => {
    const parsed = disconnection.safeParse(message);
    if (!parsed.success) return;
    const rooms = 'user_id' in parsed.data ? [userRoom(parsed.data.user_id)] : parsed.data.session_ids.map(sessionRoom);
    disconnections.mark(rooms);
    // What was published before the disconnection reaches the sockets first; what comes after, none of them.
    batches.flush();
    io.local.in(rooms).disconnectSockets(true);
  });
  logger.debug('socket hub ready');
  return io;
}
