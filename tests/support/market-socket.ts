import { io, type Socket } from 'socket.io-client';
import { BATCH_EVENT, type RealtimeBatch } from '../../server/gateways/connections/room-batches';

/**
 * Calls `listener` with each event the exchange sends, in order: it sends a room's events of a
 * moment as one batch packet, unpacked here as the web client unpacks it. `onPacket` sees each packet whole.
 */
export function onRealtimeEvents(
  socket: Socket,
  listener: (event: string, data: any) => void,
  onPacket: (batch: RealtimeBatch) => void = () => undefined,
): void {
  socket.on(BATCH_EVENT, (batch: RealtimeBatch) => {
    onPacket(batch);
    for (const [event, data] of batch) listener(event, data);
  });
}

/** A socket.io client on a test exchange that records every event it receives, and every packet. */
export class RecordingSocket {
  readonly events: Array<{ event: string; data: any }> = [];
  readonly packets: RealtimeBatch[] = [];
  private constructor(readonly socket: Socket) {
    onRealtimeEvents(
      socket,
      (event, data) => this.events.push({ event, data }),
      (batch) => this.packets.push(batch),
    );
  }

  static async connect(url: string, token?: string): Promise<RecordingSocket> {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new RecordingSocket(socket);
  }

  /** Joins a market room; the server answers nothing, so give it a moment to join. */
  async subscribe(symbol: string) {
    this.socket.emit('subscribe', { symbol });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** The first recorded event of this name matching the predicate, waiting up to timeoutMs. */
  async next(event: string, predicate: (data: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((e) => e.event === event && predicate(e.data));
      if (found) return found.data;
      if (Date.now() > deadline)
        throw new Error(
          `no '${event}' event within ${timeoutMs} ms; got ${this.events.map((e) => e.event).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Resolves to the reason given when the server closes this socket; rejects if it is still open after timeoutMs. */
  closedByServer(timeoutMs = 5000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
      this.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  close() {
    this.socket.close();
  }
}
