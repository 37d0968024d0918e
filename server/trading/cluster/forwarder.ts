import { randomUUID } from 'node:crypto';
import type { Logger } from '../../platform/logger/logger';
import { refuseTrading } from '../orders/refusals';
import type { Cluster } from './cluster';
import type { BookCall } from '../book-calls';
import { bookChannel, bookReply, replyChannel, type BookReply, type BookRequest } from './book-messages';

export const marketUnavailable = () => refuseTrading('market-unavailable');

interface Waiting {
  resolve(reply: BookReply): void;
  timer: NodeJS.Timeout;
}

/**
 * Sends calls for books other processes own to their owner over Redis and matches the replies,
 * which come back on this process's reply channel, by correlation id.
 */
export class BookForwarder {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly cluster: Cluster,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.cluster.subscribe(this.cluster.channel(replyChannel(this.cluster.id)), (message) =>
      this.onReply(message),
    );
  }

  /**
   * The owner's reply; refused ('market-unavailable') if none came by `deadline`; 'no owner' if no process serves the symbol
   * right now (the call reached nobody, so it may be sent again).
   */
  async send(call: BookCall, deadline: number): Promise<BookReply | 'no owner'> {
    const id = randomUUID();
    const reply = new Promise<BookReply>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(id);
          reject(marketUnavailable());
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.set(id, { resolve, timer });
    });
    // The deadline may pass while the publish below still waits (Redis switching masters): the
    // refusal then waits for the caller, not an unhandled rejection that would end the process.
    reply.catch(() => undefined);
    const request: BookRequest = { id, replyTo: this.cluster.id, call };
    let receivers = 0;
    try {
      receivers = await this.cluster.publish(this.cluster.channel(bookChannel(call.symbol)), request);
    } catch (error) {
      this.logger.warn({ err: error, symbol: call.symbol }, 'forwarding to the book owner failed');
    }
    if (receivers > 0) return reply;
    this.forget(id);
    return 'no owner';
  }

  private onReply(message: unknown) {
    const parsed = bookReply.safeParse(message);
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues }, 'malformed book reply ignored');
      return;
    }
    const waiting = this.waiting.get(parsed.data.id);
    if (!waiting) return; // timed out already
    this.forget(parsed.data.id);
    waiting.resolve(parsed.data);
  }

  private forget(id: string) {
    clearTimeout(this.waiting.get(id)?.timer);
    this.waiting.delete(id);
  }
}
