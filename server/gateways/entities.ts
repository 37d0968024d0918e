import { ListenKey } from './streams/user-data/listen-key.entity';

/** This layer's TypeORM entities: the Binance user data streams' listen keys. */
export const GATEWAYS_ENTITIES = [ListenKey];
