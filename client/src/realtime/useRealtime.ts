/**
 * The one socket hook. A single shared Socket.IO connection (same origin, path /socket.io),
 * authenticated with the stored token; market rooms are reference-counted and re-joined on reconnect.
 * The server sends each room's events of a moment as one 'batch' packet of [event, data] pairs
 * (server/gateways/realtime); they are handed to the listeners of each event in the order they came.
 */
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getToken } from '../api/client';
import type {
  BookMarket,
  DepthUpdate,
  EarnPosition,
  Kline,
  MarketTrade,
  Order,
  Quote,
  Ticker,
  UserTrade,
} from '../api/types';

export interface RealtimeEvents {
  ticker: (ticker: Ticker) => void;
  depth: (update: DepthUpdate) => void;
  trade: (trade: MarketTrade & { symbol: string }) => void;
  kline: (event: { symbol: string; interval: string; kline: Kline }) => void;
  /** An administrator changed the market (halted or resumed it above all): the market as the catalog lists it now. */
  market: (market: BookMarket) => void;
  quotes: (quotes: Quote[]) => void;
  balance: (event: { balance: number }) => void;
  order: (order: Order) => void;
  fill: (trade: UserTrade) => void;
  funding: (event: { kind: 'deposit' | 'withdrawal' | 'kyc'; id: string; status: string }) => void;
  /** One of the signed-in trader's Earn positions changed (opened, credited, redeemed, matured): it as listed now. */
  'earn-position': (position: EarnPosition) => void;
  'admin:update': (event: { kind: string }) => void;
  /** The venue's bank accounts changed: lists of them reload. */
  'bank-accounts': () => void;
  /** The signed-in trader's referral figures changed (a friend registered, a commission was paid): they are read again. */
  referral: () => void;
  /** An administrator suspended the signed-in user; the socket closes next. */
  suspended: () => void;
  /** The socket closed; 'io server disconnect' when the server closed it (its session ended). */
  disconnect: (reason: string) => void;
}

type EventName = keyof RealtimeEvents;
type Listener = (data: unknown) => void;

let socket: Socket | null = null;
const roomCounts = new Map<string, number>();
const connectionListeners = new Set<(connected: boolean) => void>();
const eventListeners = new Map<string, Set<Listener>>();

function dispatch(batch: Array<[event: string, data: unknown]>): void {
  for (const [event, data] of batch)
    eventListeners.get(event)?.forEach((listener) => {
      // One failing screen must not keep the rest of the batch from the others.
      try {
        listener(data);
      } catch (error) {
        reportError(error);
      }
    });
}

function getSocket(): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    // Read on every (re)connect, so a login or logout takes effect on the next handshake.
    auth: (cb) => {
      const token = getToken();
      cb(token ? { token } : {});
    },
    reconnectionDelayMax: 10000,
  });
  socket.on('connect', () => {
    for (const symbol of roomCounts.keys()) socket?.emit('subscribe', { symbol });
    connectionListeners.forEach((listener) => listener(true));
  });
  socket.on('disconnect', (reason) => {
    connectionListeners.forEach((listener) => listener(false));
    // Listeners of 'disconnect' learn why: the server closes the sockets of an ended session.
    dispatch([['disconnect', reason]]);
  });
  socket.on('batch', dispatch);
  socket.on('connect_error', (error) => console.warn('realtime: connect error', error.message));
  return socket;
}

/** Reconnect with the current token (after login or logout). */
export function restartRealtime(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

function joinRoom(symbol: string): void {
  const count = roomCounts.get(symbol) ?? 0;
  roomCounts.set(symbol, count + 1);
  const s = getSocket();
  if (count === 0 && s.connected) s.emit('subscribe', { symbol });
}

function leaveRoom(symbol: string): void {
  const count = roomCounts.get(symbol) ?? 0;
  if (count <= 1) {
    roomCounts.delete(symbol);
    if (socket?.connected) socket.emit('unsubscribe', { symbol });
  } else {
    roomCounts.set(symbol, count - 1);
  }
}

/**
 * Subscribe to market rooms for `symbols` and listen to the given events.
 * Returns whether the socket is connected (callers poll REST while it is not).
 */
export function useRealtime(symbols: string[], handlers: Partial<RealtimeEvents>): boolean {
  const [connected, setConnected] = useState(() => socket?.connected ?? false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const symbolKey = symbols.join(',');
  const eventKey = Object.keys(handlers).sort().join(',');

  useEffect(() => {
    const s = getSocket();
    setConnected(s.connected);
    connectionListeners.add(setConnected);
    return () => {
      connectionListeners.delete(setConnected);
    };
  }, []);

  useEffect(() => {
    if (!symbolKey) return;
    const list = symbolKey.split(',');
    list.forEach(joinRoom);
    return () => list.forEach(leaveRoom);
  }, [symbolKey]);

  useEffect(() => {
    if (!eventKey) return;
    getSocket();
    const names = eventKey.split(',') as EventName[];
    const bound = names.map((name) => {
      const listener: Listener = (data) => {
        const handler = handlersRef.current[name] as Listener | undefined;
        handler?.(data);
      };
      const listeners = eventListeners.get(name) ?? new Set<Listener>();
      eventListeners.set(name, listeners.add(listener));
      return [name, listener] as const;
    });
    return () => bound.forEach(([name, listener]) => eventListeners.get(name)?.delete(listener));
  }, [eventKey]);

  return connected;
}

/** Run `task` now and every `ms` while `enabled`; used as the REST fallback when the socket is down. */
export function usePolling(task: () => void, ms: number, enabled: boolean): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => taskRef.current(), ms);
    return () => window.clearInterval(timer);
  }, [ms, enabled]);
}
