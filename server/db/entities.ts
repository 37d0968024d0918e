import { User } from '../auth/user.entity';
import { Account } from '../ledger/account.entity';
import { LedgerEntry } from '../ledger/ledger-entry.entity';

/** Every TypeORM entity of the exchange. */
export const entities = [User, Account, LedgerEntry];
