import { refusals } from '../kernel/refusal';

/** What the ledger refuses: a posting that would take an account below zero where that is not allowed. */
export type LedgerRefusal = 'insufficient-balance';

export const refuseLedger = refusals<LedgerRefusal>();
