import { Foundation1795247136655 } from './1795247136655-Foundation';
import { SystemUsers1795247387558 } from './1795247387558-SystemUsers';
import { Trading1795247579784 } from './1795247579784-Trading';
import { MoneyAndBackOffice1795247673438 } from './1795247673438-MoneyAndBackOffice';
import { InstantTrades1795247676373 } from './1795247676373-InstantTrades';
import { LedgerConstraint1795256000000 } from './1795256000000-LedgerConstraint';
import { LedgerEntryPerAccount1795257000000 } from './1795257000000-LedgerEntryPerAccount';
import { WritePathIndexes1795258000000 } from './1795258000000-WritePathIndexes';
import { Candles1795259000000 } from './1795259000000-Candles';
import { IdempotencyKeys1795486799681 } from './1795486799681-IdempotencyKeys';
import { ApiKeys1795496108029 } from './1795496108029-ApiKeys';
import { AccountSecurity1795496167635 } from './1795496167635-AccountSecurity';
import { BinanceOrderIds1795500000000 } from './1795500000000-BinanceOrderIds';
import { CandleTakerVolumes1795501000000 } from './1795501000000-CandleTakerVolumes';
import { ListenKeys1795600000000 } from './1795600000000-ListenKeys';
import { ForexCurrencies1795700000000 } from './1795700000000-ForexCurrencies';
import { Markets1795710000000 } from './1795710000000-Markets';
import { Settings1795720000000 } from './1795720000000-Settings';
import { LedgerCreatedAtIndex1795730000000 } from './1795730000000-LedgerCreatedAtIndex';
import { OrderSelfTradePrevention1795740000000 } from './1795740000000-OrderSelfTradePrevention';
import { PreventedMatches1795750000000 } from './1795750000000-PreventedMatches';
import { OrderKindLength1795760100000 } from './1795760100000-OrderKindLength';
import { OrderIcebergAndTrailing1795760200000 } from './1795760200000-OrderIcebergAndTrailing';
import { OrderLists1795770000000 } from './1795770000000-OrderLists';
import { OrderTrailingTimeAndPrevented1795780000000 } from './1795780000000-OrderTrailingTimeAndPrevented';
import { EarnProducts1795800000000 } from './1795800000000-EarnProducts';
import { FeeTiers1795810000000 } from './1795810000000-FeeTiers';
import { Referrals1795820000000 } from './1795820000000-Referrals';
import { DepositReferences1795840000000 } from './1795840000000-DepositReferences';
import { EarnOpeningProducts1795850000000 } from './1795850000000-EarnOpeningProducts';

/** Every migration, in order. New ones: `npm run migration:generate -- server/platform/db/migrations/Name`, then list it here. */
export const migrations: Function[] = [
  Foundation1795247136655,
  SystemUsers1795247387558,
  Trading1795247579784,
  MoneyAndBackOffice1795247673438,
  InstantTrades1795247676373,
  LedgerConstraint1795256000000,
  LedgerEntryPerAccount1795257000000,
  WritePathIndexes1795258000000,
  Candles1795259000000,
  IdempotencyKeys1795486799681,
  ApiKeys1795496108029,
  AccountSecurity1795496167635,
  BinanceOrderIds1795500000000,
  CandleTakerVolumes1795501000000,
  ListenKeys1795600000000,
  ForexCurrencies1795700000000,
  Markets1795710000000,
  Settings1795720000000,
  LedgerCreatedAtIndex1795730000000,
  OrderSelfTradePrevention1795740000000,
  PreventedMatches1795750000000,
  OrderKindLength1795760100000,
  OrderIcebergAndTrailing1795760200000,
  OrderLists1795770000000,
  OrderTrailingTimeAndPrevented1795780000000,
  EarnProducts1795800000000,
  FeeTiers1795810000000,
  Referrals1795820000000,
  DepositReferences1795840000000,
  EarnOpeningProducts1795850000000,
];
