import { Account } from './account.entity';
import { LedgerEntry } from './ledger-entry.entity';

/** This layer's TypeORM entities: the ledger's tables. */
export const LEDGER_ENTITIES = [Account, LedgerEntry];
