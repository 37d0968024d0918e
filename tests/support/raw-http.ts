import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** null: the server closed the connection without answering, or had not answered when the wait ended. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection written by hand, for requests fetch cannot make: a declared body that
 * never comes, a header too large, a body sent a few bytes at a time.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private closed = false;
  private readonly changed = new Set<() => void>();

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.notify();
    });
    // A reset while we still write (the server refused and closed) ends the connection like a close.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
  }

  static open(baseUrl: string): Promise<RawConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes the request line and headers (Host added); the body, if any, is written separately. */
  writeHead(method: string, path: string, headers: Record<string, string | number> = {}): void {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      'Host: localhost',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  }

  /** Resolves once written, or false when the connection is gone. */
  write(data: string | Buffer): Promise<boolean> {
    if (this.closed || this.socket.destroyed) return Promise.resolve(false);
    return new Promise((resolve) => this.socket.write(data, (error) => resolve(!error)));
  }

  /** Everything received so far after any interim `100 Continue`, as text (several answers, when requests were pipelined). */
  get receivedText(): string {
    return this.received.subarray(this.interimLength()).toString('utf8');
  }

  /**
   * Resolves true once the server answered `Expect: 100-continue` (it has read the request's head
   * and handed the request to the application), false if it had not within `waitMs`.
   */
  continued(waitMs = 10_000): Promise<boolean> {
    return this.until(() => this.interimLength() > 0 || this.closed, waitMs).then(() => this.interimLength() > 0);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The answer as soon as it is complete or the connection closes; after `waitMs` whatever came. */
  answer(waitMs = 10_000): Promise<RawAnswer> {
    return this.until(() => this.parse().complete || this.closed, waitMs).then(() => this.parse().answer);
  }

  /** Whether the server closes the connection within `waitMs`. */
  untilClosed(waitMs = 10_000): Promise<boolean> {
    return this.until(() => this.closed, waitMs).then(() => this.closed);
  }

  private until(done: () => boolean, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => done() && finish();
      const finish = () => {
        clearTimeout(timer);
        this.changed.delete(check);
        resolve();
      };
      const timer = setTimeout(finish, waitMs);
      this.changed.add(check);
      check();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private notify() {
    for (const listener of [...this.changed]) listener();
  }

  /** The length of the interim `100 Continue` answer received first, else 0. */
  private interimLength(): number {
    const interim = /^HTTP\/1\.1 100 [^\r]*\r\n(?:[^\r]+\r\n)*\r\n/.exec(this.received.toString('latin1'));
    return interim ? interim[0].length : 0;
  }

  private parse(): { complete: boolean; answer: RawAnswer } {
    const text = this.received.subarray(this.interimLength()).toString('latin1');
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) return { complete: false, answer: { status: null, headers: {}, body: '' } };
    const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const body = this.received.subarray(this.interimLength() + Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
    const length = headers['content-length'] === undefined ? null : Number(headers['content-length']);
    return {
      complete: length !== null && body.length >= length,
      answer: { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') },
    };
  }
}
