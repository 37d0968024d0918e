import WebSocket from 'ws';

/**
 * A plain WebSocket client of the market streams that records every message it receives (parsed
 * JSON), for tests: wait for the next one matching a predicate, send a method and get its answer.
 */
export class StreamClient {
  readonly messages: any[] = [];
  private nextId = 1;
  private closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(data.toString())));
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** `path`: '/ws', '/ws/btcusdt@trade', '/stream?streams=a/b' ... on the exchange at `url` (http://host:port). */
  static async connect(url: string, path: string): Promise<StreamClient> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`);
    const client = new StreamClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Opens `path` expecting a refusal: the HTTP status and JSON body the upgrade was answered with. */
  static refused(url: string, path: string): Promise<{ status: number; body: unknown }> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`);
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.close();
        reject(new Error(`${path} opened`));
      });
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(body) }));
      });
      socket.once('error', () => undefined);
    });
  }

  /** The first message (from `from` on) matching `predicate`, waiting up to timeoutMs. */
  async next(predicate: (message: any) => boolean, timeoutMs = 5000, from = 0): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(predicate);
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching stream message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Sends a method with a fresh id and returns the answer carrying that id. */
  async call(method: string, params?: unknown[]): Promise<any> {
    const id = this.nextId++;
    this.send({ method, ...(params ? { params } : {}), id });
    return this.next((m) => m.id === id);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves to the close code and reason once the connection closes. */
  whenClosed(): Promise<{ code: number; reason: string }> {
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }
}
