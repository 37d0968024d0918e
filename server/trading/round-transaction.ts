import type { DataSource, EntityManager } from 'typeorm';

/** Sends COMMIT right behind the round's last statement and answers that statement's result once both are done. */
export type CommitAfter = <R>(last: Promise<R>) => Promise<R>;

/**
 * One commit round's transaction on one pooled connection, with BEGIN sent together with the first
 * statement and COMMIT right behind the last one: PostgreSQL answers them in order, so each saves a
 * wait for an event loop that the HTTP requests keep busy. A COMMIT behind a failed statement ends
 * the transaction as a rollback, and the round fails with that statement's error. `work` must end
 * with `commitAfter(lastStatement)`; anything it throws before rolls the transaction back.
 */
export async function roundTransaction<T>(dataSource: DataSource, work: (manager: EntityManager, commitAfter: CommitAfter) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  const { manager } = runner;
  let ended = false;
  try {
    const begun = manager.query('BEGIN');
    const commitAfter: CommitAfter = async (last) => {
      ended = true;
      const commit = manager.query('COMMIT');
      const failure = (await Promise.allSettled([begun, last, commit])).find((settled) => settled.status === 'rejected');
      if (failure) throw failure.reason;
      return last;
    };
    try {
      return await work(manager, commitAfter);
    } catch (error) {
      await begun.catch(() => undefined);
      if (!ended) await manager.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.release();
  }
}
