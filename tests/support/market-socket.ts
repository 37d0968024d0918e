import { io, type Socket } from 'socket.io-client';

/** A socket.io client on a test exchange that records every event it receives. */
export class RecordingSocket {
  readonly events: Array<{ event: string; data: any }> = [];
  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, data: unknown) => this.events.push({ event, data }));
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
