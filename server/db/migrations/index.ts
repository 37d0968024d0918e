import { Foundation1795247136655 } from './1795247136655-Foundation';
import { SystemUsers1795247387558 } from './1795247387558-SystemUsers';

/** Every migration, in order. New ones: `npm run migration:generate -- server/db/migrations/Name`, then list it here. */
export const migrations: Function[] = [Foundation1795247136655, SystemUsers1795247387558];
