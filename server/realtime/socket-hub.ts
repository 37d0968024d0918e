import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticator';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';
import {
  ADMIN_ROOM,
  DISCONNECT_TOPIC,
  EVERYONE_ROOM,
  REALTIME_TOPIC,
  marketRoom,
  userRoom,
  type Notifier,
  type RealtimeMessage,
} from './notifier';

const subscription = z.object({ symbol: z.string().regex(/^[A-Za-z]{2,10}\/?[A-Za-z]{2,10}$/) });
const MAX_MARKET_ROOMS = 20;
const disconnection = z.object({ user_id: z.string() });

/**
 * Socket.IO on the API's port. The handshake's token decides the private rooms (user:{id} or admin);
 * anyone may join market rooms. Messages come from the bus: with Redis every process receives each
 * one and delivers it to the sockets it holds itself (io.local), so one fan-out path serves one or
 * many processes. So do disconnections: a suspended user's sockets are closed in every process.
 */
export async function startSocketHub(
  httpServer: HttpServer,
  authenticator: Authenticator,
  bus: EventBus,
  notifier: Notifier,
  logger: Logger,
) {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false });

  // A handshake whose user was read before a disconnection of that user arrived must not join their
  // room after it: each disconnection is numbered (one entry per user, suspensions are rare), and a
  // handshake notes the number it started at.
  let disconnections = 0;
  const disconnectedAt = new Map<string, number>();
  const disconnectedDuring = (userId: string, startedAt: number) => (disconnectedAt.get(userId) ?? -1) >= startedAt;

  io.use(async (socket, next) => {
    socket.data.startedAt = disconnections;
    const token: unknown = socket.handshake.auth?.token;
    try {
      socket.data.user = typeof token === 'string' && token ? await authenticator.identify(`Bearer ${token}`) : null;
    } catch {
      socket.data.user = null; // a stale token still gets the public rooms
    }
    next();
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as { id: string; is_admin: boolean } | null;
    void socket.join(EVERYONE_ROOM);
    if (user && !disconnectedDuring(user.id, socket.data.startedAt as number))
      void socket.join(user.is_admin ? ADMIN_ROOM : userRoom(user.id));

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
  await bus.subscribe(REALTIME_TOPIC, (messages) => {
    // A room none of this process's sockets is in costs nothing: no packet is encoded for it.
    for (const { room, event, data } of messages as RealtimeMessage[])
      if (localRooms.has(room)) io.local.to(room).emit(event, data);
  });
  await bus.subscribe(DISCONNECT_TOPIC, (message) => {
    const parsed = disconnection.safeParse(message);
    if (!parsed.success) return;
    disconnectedAt.set(parsed.data.user_id, disconnections);
    disconnections += 1;
    io.local.in(userRoom(parsed.data.user_id)).disconnectSockets(true);
  });
  logger.debug('socket hub ready');
  return io;
}
