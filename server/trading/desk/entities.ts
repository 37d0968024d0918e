import { DeskTrade } from './desk-trade.entity';

/** The desk's TypeORM entities: its trades. */
export const DESK_ENTITIES = [DeskTrade];
