import { GATEWAYS_ENTITIES } from './gateways/entities';
import { IDENTITY_ENTITIES } from './identity/entities';
import { LEDGER_ENTITIES } from './ledger/entities';
import { MARKETS_ENTITIES } from './markets/entities';
import { MONEY_ENTITIES } from './money/entities';
import { PLATFORM_ENTITIES } from './platform/entities';
import { DESK_ENTITIES } from './trading/desk/entities';
import { TRADING_ENTITIES } from './trading/entities';
import { MARKET_DATA_ENTITIES } from './trading/market-data/entities';

/** Every TypeORM entity of the exchange, as each layer declares its own: the database is opened with them. */
export const ENTITIES = [
  ...PLATFORM_ENTITIES,
  ...LEDGER_ENTITIES,
  ...MARKETS_ENTITIES,
  ...IDENTITY_ENTITIES,
  ...MONEY_ENTITIES,
  ...TRADING_ENTITIES,
  ...MARKET_DATA_ENTITIES,
  ...DESK_ENTITIES,
  ...GATEWAYS_ENTITIES,
];
