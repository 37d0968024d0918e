import type { HistoryReads } from '../platform/db/history-reads';
import { money } from '../kernel/money';

const EXPORT_BATCH = 5000;

export const LEDGER_CSV_HEADER = [
  'entry_id',
  'journal_id',
  'created_at',
  'account_owner',
  'user_id',
  'asset',
  'available',
  'locked',
  'reason',
  'reference_type',
  'reference_id',
];

interface ExportedEntry {
  id: string;
  journal_id: string;
  created_at: Date;
  owner: string;
  user_id: string | null;
  asset: string;
  available: string;
  locked: string;
  reason: string;
  reference_type: string;
  reference_id: string;
}

/**
 * The journal entries made in [since, until), in the order they were written, as CSV rows: each
 * with its journal (the entries of one posting share it), the account's owner (a user's e-mail or a
 * system account's name) and the signed changes of its buckets as amounts (numbers to the CSV,
 * never escaped as text). Read a batch at a time by id, so entries written meanwhile never repeat or
 * shift a row.
 */
export async function* ledgerCsvRows(reads: HistoryReads, since: Date, until: Date) {
  for (let after = '0'; ;) {
    const batch: ExportedEntry[] = await reads.run((db) =>
      db.query(
        `SELECT e.id, e.journal_id, e.created_at, COALESCE(u.email, a.system) AS owner, a.user_id, e.asset,
              e.available::text AS available, e.locked::text AS locked, e.reason, e.reference_type, e.reference_id
         FROM ledger_entries e
         JOIN accounts a ON a.id = e.account_id
         LEFT JOIN users u ON u.id = a.user_id
        WHERE e.id > $1 AND e.created_at >= $2 AND e.created_at < $3
        ORDER BY e.id
        LIMIT ${EXPORT_BATCH}`,
        [after, since, until],
      ),
    );
    for (const entry of batch)
      yield [
        entry.id,
        entry.journal_id,
        entry.created_at,
        entry.owner,
        entry.user_id,
        entry.asset,
        money(entry.available),
        money(entry.locked),
        entry.reason,
        entry.reference_type,
        entry.reference_id,
      ];
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}
