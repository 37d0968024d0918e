/**
 * One database writer at a time across the symbols' sequencers. A batch locks its order placers'
 * accounts first and its counterparties' later; two symbols committing at once could lock the same
 * two accounts in opposite orders and deadlock. While one symbol commits, the others queue more
 * commands, so their next batches are larger.
 */
export class CommitLane {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
