import 'reflect-metadata';
import { loadConfig } from '../platform/config/config';
import { resealColumn, SEALED_COLUMNS } from '../platform/crypto/sealed-columns';
import { resolveEncryptionKeys, SecretBox } from '../platform/crypto/secret-box';
import { openDatabase } from '../platform/db/database';
import { ENTITIES } from '../entities';

/**
 * `npm run rotate-secrets`: seals every secret the database keeps again under ENCRYPTION_KEY,
 * opening each with it or ENCRYPTION_KEYS_PREVIOUS; afterwards the previous keys may be dropped
 * (server/platform/crypto/README.md). Prints counts, never a secret; fails when a value opened with none of the keys.
 */
async function main() {
  const config = loadConfig();
  const box = new SecretBox(resolveEncryptionKeys(config));
  const database = await openDatabase(config, ENTITIES);
  let unreadable = 0;
  try {
    for (const column of SEALED_COLUMNS) {
      const counts = await resealColumn(database.dataSource, box, column);
      unreadable += counts.unreadable;
      console.log(
        `${column.table}.${column.column}: ${counts.resealed} resealed, ${counts.current} already under the current key, ` +
          `${counts.changed} changed meanwhile, ${counts.unreadable} unreadable`,
      );
    }
  } finally {
    await database.close();
  }
  if (unreadable > 0)
    throw new Error(
      `${unreadable} values open with none of the configured keys: keep the keys that sealed them until they are replaced`,
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
