import { CandleRow } from './candle.entity';

/** The market data's TypeORM entities: the candles. */
export const MARKET_DATA_ENTITIES = [CandleRow];
