import { randomUUID } from 'node:crypto';
import { ApiClient } from './http-client';

/** What one money request of a stream came to: its answer, or 'no answer' when the connection failed. */
export interface MoneyRequest {
  kind: 'deposit' | 'withdrawal' | 'order' | 'cancel' | 'instant';
  userId: string;
  method: string;
  path: string;
  body?: unknown;
  key: string;
  status: number | 'no answer';
  answer?: any;
  /** When the answer came, or the connection failed (ms since the epoch), and a 503's Retry-After. */
  answeredAt?: number;
  retryAfter?: string | null;
  /** Why there was no answer. */
  failure?: string;
}

export const answered2xx = (request: MoneyRequest) =>
  typeof request.status === 'number' && request.status >= 200 && request.status < 300;

/** No definitive answer: the connection dropped, or the server failed (5xx). It may have been done or not. */
export const undecided = (request: MoneyRequest) =>
  request.status === 'no answer' || (typeof request.status === 'number' && request.status >= 500);

export interface StreamTrader {
  userId: string;
  token: string;
}

/** Sends `request` with its Idempotency-Key, noting the answer on it. */
export async function send(baseUrl: string, token: string, request: MoneyRequest): Promise<MoneyRequest> {
  try {
    const response = await new ApiClient(baseUrl, token).request(request.method, request.path, {
      body: request.body,
      headers: { 'idempotency-key': request.key },
      onHeaders: (headers) => (request.retryAfter = headers.get('retry-after')),
    });
    request.answeredAt = Date.now();
    request.status = response.status;
    request.answer = response.body;
  } catch (error) {
    request.answeredAt = Date.now();
    request.status = 'no answer';
    request.failure = String((error as Error).cause ?? error);
  }
  return request;
}

/**
 * Traders sending a mix of money requests as fast as they are answered, each with an idempotency
 * key: limit and market orders on `symbol` around `price`, cancels of their own open orders,
 * deposit and withdrawal requests, and instant trades. `baseUrl()` is asked before every request,
 * so a test can point the stream at a restarted server.
 */
export class MoneyStream {
  readonly requests: MoneyRequest[] = [];
  private running = true;
  private readonly loops: Array<Promise<void>>;

  constructor(
    private readonly baseUrl: () => string,
    traders: StreamTrader[],
    private readonly symbol: string,
    private readonly price: number,
  ) {
    this.loops = traders.map((trader, who) => this.loop(trader, who));
  }

  /** Resolves once at least `count` requests have an answer of any kind. */
  async answered(count: number): Promise<void> {
    while (this.requests.filter((r) => r.status !== 'no answer').length < count)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }

  async stop(): Promise<MoneyRequest[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.requests;
  }

  private async loop(trader: StreamTrader, who: number) {
    const open: string[] = [];
    for (let n = 0; this.running; n++) {
      const request = this.next(trader, who, n, open);
      if (request.kind === 'instant') request.path += `&price=${await this.quote(trader.token)}`;
      this.requests.push(request);
      await send(this.baseUrl(), trader.token, request);
      if (request.kind === 'order' && answered2xx(request) && request.answer.status === 'new')
        open.push(request.answer.id);
      // Nothing listens on a dead port: wait for the test to bring a server back rather than spin.
      if (request.status === 'no answer') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The desk's quote the simple screen would show now (the desk refuses a price that moved too far). */
  private async quote(token: string): Promise<number> {
    try {
      const quotes = await new ApiClient(this.baseUrl(), token).get('/market/quotes');
      return quotes.body.find((q: { symbol: string }) => q.symbol === this.symbol)?.price ?? this.price;
    } catch {
      return this.price;
    }
  }

  private next(trader: StreamTrader, who: number, n: number, open: string[]): MoneyRequest {
    const base = { userId: trader.userId, key: randomUUID(), status: 'no answer' as const };
    const side = (n + who) % 2 === 0 ? 'buy' : 'sell';
    const step = n % 10;
    if (step === 3)
      return { ...base, kind: 'deposit', method: 'POST', path: `/deposit/request?amount=${10 + (n % 7)}` };
    if (step === 6)
      return { ...base, kind: 'withdrawal', method: 'POST', path: `/withdraw/request?amount=${1 + (n % 3)}` };
    if (step === 8)
      return {
        ...base,
        kind: 'instant',
        method: 'POST',
        path: `/trade?symbol=${this.symbol}&trade_type=${side}&amount=1`,
      };
    if (step === 9 && open.length > 0)
      return { ...base, kind: 'cancel', method: 'DELETE', path: '/trading/order', body: { order_id: open.shift() } };
    const offset = (((n * 7 + who * 13) % 21) - 10) / 1000;
    const body =
      step === 4
        ? { symbol: this.symbol, side, type: 'market', amount: 2 }
        : {
            symbol: this.symbol,
            side,
            type: 'limit',
            amount: 2 * (1 + (n % 3)),
            price: +(this.price + offset).toFixed(4),
          };
    return { ...base, kind: 'order', method: 'POST', path: '/trading/order', body };
  }
}

/** Sends every request without a definitive answer again, with its key, until each has one. */
export async function settle(url: string, traders: StreamTrader[], requests: MoneyRequest[]) {
  const tokens = new Map(traders.map((t) => [t.userId, t.token]));
  for (const request of requests.filter(undecided)) {
    for (let tries = 0; undecided(request); tries++) {
      if (tries > 50) throw new Error(`no definitive answer to ${request.method} ${request.path}`);
      await send(url, tokens.get(request.userId)!, request);
    }
  }
}

/**
 * Cancels every open order of `traders`: later test files trade the same books in the same
 * database, and must not meet what a stream left resting.
 */
export async function cancelOpenOrders(baseUrl: string, traders: StreamTrader[]): Promise<void> {
  for (const trader of traders) {
    const client = new ApiClient(baseUrl, trader.token);
    for (let open = (await client.get('/trading/orders/open')).body; open.length > 0;) {
      for (const order of open as Array<{ id: string }>) await client.delete('/trading/order', { order_id: order.id });
      open = (await client.get('/trading/orders/open')).body;
    }
  }
}
