import { AuditEntry } from '../audit/audit-entry.entity';
import { User } from '../auth/user.entity';
import { BankAccount } from '../bank-accounts/bank-account.entity';
import { FundingRequest } from '../funding/funding-request.entity';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity';
import { InstantTrade } from '../instant-trade/instant-trade.entity';
import { KycSubmission } from '../kyc/kyc-submission.entity';
import { Account } from '../ledger/account.entity';
import { LedgerEntry } from '../ledger/ledger-entry.entity';
import { CandleRow } from '../market-data/candle.entity';
import { BookSnapshotRow } from '../trading/checkpoints/book-snapshot.entity';
import { BookStateRow } from '../trading/checkpoints/book-state.entity';
import { CommandLogRow } from '../trading/round-writer/command-log.entity';
import { OrderRow } from '../trading/order.entity';
import { TradeRow } from '../trading/trade.entity';

/** Every TypeORM entity of the exchange. */
export const entities = [
  User,
  Account,
  LedgerEntry,
  FundingRequest,
  KycSubmission,
  BankAccount,
  AuditEntry,
  OrderRow,
  TradeRow,
  CandleRow,
  CommandLogRow,
  BookSnapshotRow,
  BookStateRow,
  InstantTrade,
  IdempotencyKey,
];
