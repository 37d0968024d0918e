import type { DataSource } from 'typeorm';
import { conflict, HttpError } from '../http/errors';
import { Refusal } from '../../kernel/refusal';
import type { RefusalAnswer } from '../http/error-middleware';
import type { KeyedRequest } from './keyed-request';
import { AnswerLookup, keySlot } from './answer-lookup';
import { isKeyTaken, recordRefusal, type Answer } from './recorded-answers';

/** How long a request waits for an earlier one with its key, in this process, before it is told that one is in progress. */
const WAIT_FOR_EARLIER_MS = 10_000;

/**
 * A refusal another attempt would meet again, so it is the request's answer: a 4xx, but not a
 * rate limit. (A 5xx or a dropped connection is no answer: nothing is recorded and a retry runs again.)
 */
function finalRefusal(error: unknown, answer: RefusalAnswer): HttpError | null {
  // A domain's refusal is recorded as the web API words it.
  const refusal = error instanceof Refusal ? answer(error) : error;
  if (!(refusal instanceof HttpError)) return null;
  return refusal.status >= 400 && refusal.status < 500 && refusal.status !== 429 ? refusal : null;
}

/**
 * Runs requests sent with an Idempotency-Key at most once per user and key, and answers a repeat
 * with the first answer. The work records its answer in its own transaction (recordAnswer, or a
 * trading round's statement), so an answer is there exactly when the work committed, whatever
 * happens to this process in between. Here: the lookup first, a final refusal recorded after the
 * fact (it changed nothing), and in this process one request per key at a time, the others waiting
 * for it. Across processes the key's row decides: the second to record it fails, its work rolled
 * back, and it answers with the first one's answer.
 */
export class IdempotentRequests {
  /** Keyed requests being run in this process, by user and key. */
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly answers: AnswerLookup;

  constructor(
    private readonly dataSource: DataSource,
    private readonly refusalAnswer: RefusalAnswer,
  ) {
    this.answers = new AnswerLookup(dataSource);
  }

  async answer(keyed: KeyedRequest, work: () => Promise<unknown>): Promise<Answer> {
    const slot = keySlot(keyed.userId, keyed.key);
    for (;;) {
      const earlier = this.running.get(slot);
      if (earlier) {
        await waitFor(earlier);
        continue;
      }
      const recorded = await this.answers.recorded(keyed);
      if (recorded) return recorded;
      // Another request with this key may have started while the lookup ran.
      if (this.running.has(slot)) continue;
      const attempt = this.attempt(keyed, work);
      this.running.set(slot, attempt);
      try {
        const answer = await attempt;
        if (answer) return answer;
      } finally {
        this.running.delete(slot);
      }
    }
  }

  /** The work's answer; null when another request recorded the key first (its answer is then looked up). */
  private async attempt(keyed: KeyedRequest, work: () => Promise<unknown>): Promise<Answer | null> {
    try {
      return { status: keyed.successStatus, body: await work() };
    } catch (error) {
      if (isKeyTaken(error)) return null;
      const refusal = finalRefusal(error, this.refusalAnswer);
      if (refusal && !(await recordRefusal(this.dataSource.manager, keyed, refusal))) return null;
      throw error;
    }
  }
}

/** Waits for an earlier request with the same key to end, however it ends; 409 if it takes too long. */
async function waitFor(earlier: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    earlier.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), WAIT_FOR_EARLIER_MS))),
  ]);
  clearTimeout(timer);
  if (!ended) throw conflict('A request with this Idempotency-Key is in progress');
}
