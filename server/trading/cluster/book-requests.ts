import { Refusal } from '../../kernel/refusal';
import type { Logger } from '../../platform/logger/logger';
import type { Cluster } from './cluster';
import type { BookCall } from '../book-calls';
import { bookRequest, replyChannel, type BookReply } from './book-messages';

/**
 * The owner's side of forwarding: runs each call received for a book it owns and replies to the
 * sender. A refusal goes back as its code and data, an error with a status (the platform's, e.g. a
 * recorded answer's) as its status and detail, so the caller's client gets the same answer as from
 * the owner itself; anything else is logged here and answered as a 500.
 */
export function answerBookRequests(cluster: Cluster, run: (call: BookCall) => Promise<unknown>, logger: Logger) {
  return (message: unknown) => {
    const parsed = bookRequest.safeParse(message);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues }, 'malformed book request ignored');
      return;
    }
    const { id, replyTo, call } = parsed.data;
    void run(call)
      .then(
        // A call that answers nothing is answered null: a reply always carries its value.
        (value): BookReply => ({ id, ok: true, value: value ?? null }),
        (error: unknown): BookReply => {
          if (error instanceof Refusal) return { id, ok: false, code: error.code, data: error.data };
          const { status, message } = error as { status?: unknown; message?: unknown };
          if (typeof status === 'number' && typeof message === 'string')
            return { id, ok: false, status, detail: message };
          logger.error({ err: error, call: call.method, symbol: call.symbol }, 'forwarded book call failed');
          return { id, ok: false, status: 500, detail: 'Internal server error' };
        },
      )
      .then((reply) => cluster.publish(cluster.channel(replyChannel(replyTo)), reply))
      .catch((error: unknown) => logger.warn({ err: error }, 'book reply not sent'));
  };
}
