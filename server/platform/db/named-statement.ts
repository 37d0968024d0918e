import type { DataSource, QueryRunner } from 'typeorm';
import { pgPool } from './data-source';

/** A statement run again and again with the same text: named, PostgreSQL parses and plans it once per connection, not on every call. */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** Runs named statements on one query runner's connection, in the order they are called. */
export type StatementRunner = <Row>(statement: NamedStatement) => Promise<Row[]>;

interface PgConnection {
  query(statement: NamedStatement): Promise<{ rows: unknown[] }>;
  /** pg's pipeline mode: statements are sent without waiting for the ones before to answer. */
  pipeline: boolean;
}

export function statementRunner(runner: QueryRunner): StatementRunner {
  // TypeORM's PostgreSQL runner hands out its pg client; named statements are pg's own feature.
  const connection = runner.connect() as Promise<PgConnection>;
  return async <Row>(statement: NamedStatement) => (await (await connection).query(statement)).rows as Row[];
}

/**
 * Lets statements on this runner's connection be sent before the ones ahead of them have answered
 * (pg's pipeline mode): PostgreSQL still runs them in order, each with its own Sync, so each
 * outside a transaction block is its own transaction, and a failing one does not stop the next.
 * Returns the way back, to be called once every statement sent has answered.
 */
export async function pipelineStatements(runner: QueryRunner): Promise<() => void> {
  const connection = (await runner.connect()) as PgConnection;
  connection.pipeline = true;
  return () => {
    connection.pipeline = false;
  };
}

/** Runs named statements on whichever pooled connection is free (each prepares a statement once). */
export function poolStatementRunner(dataSource: DataSource): StatementRunner {
  const pool = pgPool(dataSource);
  return async <Row>(statement: NamedStatement) => (await pool.query(statement)).rows as Row[];
}
