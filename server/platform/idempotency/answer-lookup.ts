import type { DataSource } from 'typeorm';
import { poolStatementRunner, type StatementRunner } from '../db/named-statement';
import { HttpError } from '../http/errors';
import type { KeyedRequest } from './keyed-request';
import type { Answer, AnswerRow } from './recorded-answers';

interface Waiting {
  keyed: KeyedRequest;
  resolve(row: AnswerRow | undefined): void;
  reject(error: unknown): void;
}

/** A user's key as one string. */
export const keySlot = (userId: string, key: string) => `${userId} ${key}`;

/**
 * Finds the answers recorded for keyed requests. The lookups asked for in one turn of the event
 * loop share one statement: under load that is about a round's worth of orders, where a statement
 * each would cost a round trip and a write to PostgreSQL's socket each (as much server time as
 * the rest of a keyed order).
 */
export class AnswerLookup {
  private waiting: Waiting[] = [];
  private readonly run: StatementRunner;

  constructor(dataSource: DataSource) {
    this.run = poolStatementRunner(dataSource);
  }

  /**
   * The answer recorded for the request's key, null if there is none. The key used for another
   * request is refused (422), and a recorded refusal is thrown again, as the first attempt's was.
   */
  async recorded(keyed: KeyedRequest): Promise<Answer | null> {
    const row = await new Promise<AnswerRow | undefined>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.lookUp());
      this.waiting.push({ keyed, resolve, reject });
    });
    if (!row) return null;
    if (row.request_hash !== keyed.requestHash)
      throw new HttpError(422, 'Idempotency-Key was already used for another request');
    if (row.status >= 400) throw new HttpError(row.status, (row.body as { detail: string }).detail);
    return { status: row.status, body: row.body };
  }

  private async lookUp() {
    const asked = this.waiting;
    this.waiting = [];
    try {
      const rows = await this.run<AnswerRow>({
        name: 'idempotency-recorded-answers',
        text: `SELECT user_id, key, request_hash, status, body
                 FROM unnest($1::uuid[], $2::varchar[]) AS asked (user_id, key) JOIN idempotency_keys USING (user_id, key)`,
        values: [asked.map((w) => w.keyed.userId), asked.map((w) => w.keyed.key)],
      });
      const found = new Map(rows.map((row) => [keySlot(row.user_id, row.key), row]));
      for (const w of asked) w.resolve(found.get(keySlot(w.keyed.userId, w.keyed.key)));
    } catch (error) {
      for (const w of asked) w.reject(error);
    }
  }
}
