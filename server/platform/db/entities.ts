import { ApiKey } from '../../identity/api-keys/api-key.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { LoginHistoryEntry } from '../../identity/auth/login-history-entry.entity';
import { User } from '../../identity/auth/user.entity';
import { BankAccount } from '../../money/bank-accounts/bank-account.entity';
import { FundingRequest } from '../../money/funding/funding-request.entity';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity';
import { DeskTrade } from '../../trading/desk/desk-trade.entity';
import { KycSubmission } from '../../money/kyc/kyc-submission.entity';
import { Account } from '../../ledger/account.entity';
import { LedgerEntry } from '../../ledger/ledger-entry.entity';
import { CandleRow } from '../../trading/market-data/candle.entity';
import { MarketRow } from '../../markets/market.entity';
import { Session } from '../../identity/sessions/session.entity';
import { SettingRow } from '../settings/setting.entity';
import { BookSnapshotRow } from '../../trading/checkpoints/book-snapshot.entity';
import { BookStateRow } from '../../trading/checkpoints/book-state.entity';
import { CommandLogRow } from '../../trading/round-writer/command-log.entity';
import { OrderRow } from '../../trading/order.entity';
import { ListenKey } from '../../gateways/streams/user-data/listen-key.entity';
import { TradeRow } from '../../trading/trade.entity';
import { RecoveryCode } from '../../identity/two-factor/recovery-code.entity';
import { TwoFactor } from '../../identity/two-factor/two-factor.entity';

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
  DeskTrade,
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
