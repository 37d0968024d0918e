import { createHmac } from 'node:crypto';
import type { CreatedApiKey } from './binance-client';
import { StreamClient } from './stream-client';

/**
 * A client of Binance's WebSocket API (/ws-api/v3) for tests: requests `{id, method, params}`
 * answered by the message carrying the same id, and every message recorded (user data events
 * arrive as `{subscriptionId, event}`).
 */
export class WsApiClient {
  private nextId = 1;

  private constructor(readonly stream: StreamClient) {}

  /** Connects to the server at `url`; `query` is the connection URL's (`?returnRateLimits=false`). */
  static async connect(url: string, query = ''): Promise<WsApiClient> {
    return new WsApiClient(await StreamClient.connect(url, `/ws-api/v3${query}`));
  }

  get messages(): any[] {
    return this.stream.messages;
  }

  /** Sends a request with a fresh id and returns its answer. */
  async request(method: string, params?: Record<string, unknown>): Promise<any> {
    const id = `r${this.nextId++}`;
    this.stream.send({ id, method, ...(params ? { params } : {}) });
    return this.stream.next((message) => message.id === id);
  }

  /** The `event` of the first user data event (from message `from` on) matching `predicate`. */
  async event(predicate: (event: any) => boolean, from = 0, timeoutMs = 5000): Promise<any> {
    const found = await this.stream.next((m) => m.event !== undefined && predicate(m.event), timeoutMs, from);
    return found.event;
  }

  /** The user data events received so far (from message `from` on), unwrapped. */
  events(from = 0): any[] {
    return this.messages.slice(from).flatMap((m) => (m.event === undefined ? [] : [m.event]));
  }

  close(): void {
    this.stream.close();
  }
}

/**
 * A signed request's parameters as Binance's WebSocket API wants them: `apiKey`, `timestamp` and
 * the others, `signature` the HMAC-SHA256 of all of them sorted by name as `name=value&...`.
 */
export function signedParams(
  key: Pick<CreatedApiKey, 'api_key' | 'secret'>,
  extra: Record<string, string | number> = {},
  { timestamp = Date.now(), secret = key.secret }: { timestamp?: number; secret?: string } = {},
): Record<string, string | number> {
  const params: Record<string, string | number> = { apiKey: key.api_key, timestamp, ...extra };
  const payload = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return { ...params, signature: createHmac('sha256', secret).update(payload).digest('hex') };
}
