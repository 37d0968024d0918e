import { AuditEntry } from './audit/audit-entry.entity';
import { IdempotencyKey } from './idempotency/idempotency-key.entity';
import { SettingRow } from './settings/setting.entity';

/** This layer's TypeORM entities: the platform's own tables: the audit log, recorded answers, the administrators' settings. */
export const PLATFORM_ENTITIES = [AuditEntry, IdempotencyKey, SettingRow];
