import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Logger } from '../logger';
import type { AuthService } from './auth.service';
import { User } from './user.entity';

const DEFAULT_ADMIN_EMAIL = 'admin@exchange.local';

/**
 * The venue always has an administrator: the one named by ADMIN_EMAIL / ADMIN_PASSWORD is created if
 * missing; with none configured and no admin yet, one is generated and its password printed once.
 */
export async function ensureAdmin(
  dataSource: DataSource,
  auth: AuthService,
  logger: Logger,
  configured: { email?: string; password?: string },
): Promise<void> {
  const users = dataSource.getRepository(User);
  if (configured.email && configured.password) {
    const email = configured.email.trim().toLowerCase();
    if (await users.exists({ where: { email } })) return;
    await auth.createUser({ email, password: configured.password, full_name: 'Administrator', is_admin: true });
    logger.info({ email }, 'administrator created from ADMIN_EMAIL');
    return;
  }
  if (await users.exists({ where: { is_admin: true } })) return;
  const password = randomBytes(12).toString('base64url');
  await auth.createUser({ email: DEFAULT_ADMIN_EMAIL, password, full_name: 'Administrator', is_admin: true });
  // Printed on the console, not the log: shown once to the operator, never stored in log files.
  console.log(
    `\n  Administrator created. E-mail: ${DEFAULT_ADMIN_EMAIL}  Password: ${password}\n  (shown once; set ADMIN_EMAIL / ADMIN_PASSWORD to choose your own)\n`,
  );
}
