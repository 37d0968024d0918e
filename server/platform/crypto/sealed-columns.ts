import type { DataSource } from 'typeorm';
import type { SecretBox } from './secret-box';

/** A column of values SecretBox sealed: its table, the rows' key, and the column each value was sealed for (its context). */
export interface SealedColumn {
  table: string;
  column: string;
  id: string;
  context: string;
}

/** Every column SecretBox seals; a new one must be added here for `npm run rotate-secrets` to reseal it. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'api_keys', column: 'sealed_secret', id: 'id', context: 'id' },
  { table: 'two_factor', column: 'sealed_secret', id: 'user_id', context: 'user_id' },
];

/** What resealing a column did, row by row. */
export interface ResealCounts {
  /** Sealed again under the current key. */
  resealed: number;
  /** Under the current key already. */
  current: number;
  /** Changed while being resealed (the server sealed it afresh, under the current key): left as it is. */
  changed: number;
  /** Opened by none of the keys: left as it is, and unreadable to the server too. */
  unreadable: number;
}

/**
 * Seals every value of `column` again under the box's current key, `batchSize` rows read at a time
 * in the order of their key. Each row is written by one UPDATE, its own transaction, and only if it
 * still holds the value read: a value the server changed meanwhile is kept. Run again, it reseals
 * nothing more.
 */
export async function resealColumn(
  dataSource: DataSource,
  box: SecretBox,
  { table, column, id, context }: SealedColumn,
  batchSize = 500,
): Promise<ResealCounts> {
  const counts: ResealCounts = { resealed: 0, current: 0, changed: 0, unreadable: 0 };
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; context: string; sealed: string }[] = await dataSource.query(
      `SELECT ${id}::text AS id, ${context}::text AS context, ${column} AS sealed FROM ${table}
        WHERE $1::text IS NULL OR ${id}::text > $1 ORDER BY ${id}::text LIMIT $2`,
      [after, batchSize],
    );
    for (const row of rows) {
      if (box.isCurrent(row.sealed)) {
        counts.current++;
        continue;
      }
      let resealed: string;
      try {
        resealed = box.reseal(row.sealed, row.context);
      } catch {
        counts.unreadable++;
        continue;
      }
      const [, written]: [unknown, number] = await dataSource.query(
        `UPDATE ${table} SET ${column} = $1 WHERE ${id}::text = $2 AND ${column} = $3`,
        [resealed, row.id, row.sealed],
      );
      if (written === 1) counts.resealed++;
      else counts.changed++;
    }
    if (rows.length < batchSize) return counts;
    after = rows.at(-1)!.id;
  }
}
