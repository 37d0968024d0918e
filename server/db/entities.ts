import { ApiKey } from '../api-keys/api-key.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { LoginHistoryEntry } from '../auth/login-history-entry.entity';
import { User } from '../auth/user.entity';
import { BankAccount } from '../bank-accounts/bank-account.entity';
import { FundingRequest } from '../funding/funding-request.entity';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity';
import { InstantTrade } from '../instant-trade/instant-trade.entity';
import { KycSubmission } from '../kyc/kyc-submission.entity';
import { Account } from '../ledger/account.entity';
import { LedgerEntry } from '../ledger/ledger-entry.entity';
import { CandleRow } from '../market-data/candle.entity';
import { MarketRow } from '../markets/market.entity';
import { Session } from '../sessions/session.entity';
import { SettingRow } from '../settings/setting.entity';
import { BookSnapshotRow } from '../trading/checkpoints/book-snapshot.entity';
import { BookStateRow } from '../trading/checkpoints/book-state.entity';
import { CommandLogRow } from '../trading/round-writer/command-log.entity';
import { OrderRow } from '../trading/order.entity';
import { ListenKey } from '../streams/user-data/listen-key.entity';
import { TradeRow } from '../trading/trade.entity';
import { RecoveryCode } from '../two-factor/recovery-code.entity';
import { TwoFactor } from '../two-factor/two-factor.entity';

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
  ApiKey,
  Session,
  LoginHistoryEntry,
  TwoFactor,
  RecoveryCode,
  ListenKey,
  MarketRow,
  SettingRow,
];
