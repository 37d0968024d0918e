import { ListenKey } from './binance/protocol/listen-key.entity';

/** This layer's TypeORM entities: the Binance user data streams' listen keys. */
export const GATEWAYS_ENTITIES = [ListenKey];
