import { MarketRow } from './market.entity';

/** This layer's TypeORM entities: the listed markets. */
export const MARKETS_ENTITIES = [MarketRow];
