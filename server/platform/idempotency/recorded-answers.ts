import type { EntityManager } from 'typeorm';
import type { SqlParams } from '../db/sql-params';
import { HttpError } from '../http/errors';
import { IDEMPOTENCY_KEYS_PKEY } from './idempotency-key.entity';
import type { KeyedRequest } from './keyed-request';

/** How long answers are kept at least: a client retrying later than that is sending a new request. */
export const KEEP_ANSWERS_HOURS = 24;

/** What a request is answered: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** An answer as a row of the idempotency_keys table. */
export interface AnswerRow {
  user_id: string;
  key: string;
  request_hash: string;
  status: number;
  body: unknown;
}

export const answerRow = (keyed: KeyedRequest, status: number, body: unknown): AnswerRow => ({
  user_id: keyed.userId,
  key: keyed.key,
  request_hash: keyed.requestHash,
  status,
  body,
});

const INSERT = 'INSERT INTO idempotency_keys (user_id, key, request_hash, status, body) VALUES ($1, $2, $3, $4, $5)';
const values = (row: AnswerRow) => [row.user_id, row.key, row.request_hash, row.status, JSON.stringify(row.body)];

/**
 * Records a successful answer in the caller's transaction, the one that does the request's work
 * (nothing for a request without a key). Its last statement: of two requests racing with one key,
 * the second waits here for the first to commit and then fails on the key (see isKeyTaken), its
 * work rolled back with it.
 */
export async function recordAnswer(manager: EntityManager, keyed: KeyedRequest | null, body: unknown): Promise<void> {
  if (keyed) await manager.query(INSERT, values(answerRow(keyed, keyed.successStatus, body)));
}

/** Records a refusal (it changed nothing, so it needs no transaction of its own); false if the key was recorded first. */
export async function recordRefusal(manager: EntityManager, keyed: KeyedRequest, refusal: HttpError): Promise<boolean> {
  const inserted: unknown[] = await manager.query(
    `${INSERT} ON CONFLICT DO NOTHING RETURNING 1`,
    values(answerRow(keyed, refusal.status, refusal.body)),
  );
  return inserted.length > 0;
}

/** Whether a statement failed because another request with the same key recorded its answer first. */
export function isKeyTaken(error: unknown): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && pgError.constraint === IDEMPOTENCY_KEYS_PKEY;
}

/** The INSERT of a trading round's answers, one of the CTEs of its statement, with `at` as their time. */
export function insertAnswersSql(rows: AnswerRow[], params: SqlParams, at: string): string {
  const table = params.rows(rows, 'a', 'user_id uuid, key varchar, request_hash char(64), status smallint, body json');
  return `INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created_at)
          SELECT a.*, ${at} FROM ${table} RETURNING 1`;
}

/** Forgets the answers older than KEEP_ANSWERS_HOURS; returns how many. */
export async function deleteExpiredAnswers(manager: EntityManager): Promise<number> {
  const [, deleted]: [unknown, number] = await manager.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`,
    [KEEP_ANSWERS_HOURS],
  );
  return deleted;
}
