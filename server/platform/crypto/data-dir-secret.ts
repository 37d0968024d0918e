import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret from the environment, else the one generated on first start and kept in DATA_DIR under
 * `fileName` (readable by the owner only), so a restart finds the same one.
 */
export function resolveSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
  generate: () => string,
): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = generate();
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
