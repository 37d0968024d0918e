import type { DataSource } from 'typeorm';
import type { Logger } from '../../platform/logger/logger';
import { createUser } from './create-user';
import { generatePassword, passwordProblem } from './password-policy';
import { User } from './user.entity';

const DEFAULT_ADMIN_EMAIL = 'admin@exchange.local';
const ADMIN_NAME = 'Administrator';

/**
 * The venue always has an administrator: the one named by ADMIN_EMAIL / ADMIN_PASSWORD is created if
 * missing; with none configured and no admin yet, one is generated and its password printed once.
 */
export async function ensureAdmin(
  dataSource: DataSource,
  logger: Logger,
  configured: { email?: string; password?: string },
): Promise<void> {
  const users = dataSource.getRepository(User);
  if (configured.email && configured.password) {
    const email = configured.email.trim().toLowerCase();
    if (await users.exists({ where: { email } })) return;
    // Checked here too so the refusal names the variable to change, not a request field.
    const owner = { email, full_name: ADMIN_NAME };
    const problem = passwordProblem(configured.password, owner);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    await createUser(dataSource, { ...owner, password: configured.password, is_admin: true });
    logger.info({ email }, 'administrator created from ADMIN_EMAIL');
    return;
  }
  if (await users.exists({ where: { is_admin: true } })) return;
  const owner = { email: DEFAULT_ADMIN_EMAIL, full_name: ADMIN_NAME };
  const password = generatePassword(owner);
  await createUser(dataSource, { ...owner, password, is_admin: true });
  // Printed on the console, not the log: shown once to the operator, never stored in log files.
  console.log(
    `\n  Administrator created. E-mail: ${DEFAULT_ADMIN_EMAIL}  Password: ${password}\n  (shown once; set ADMIN_EMAIL / ADMIN_PASSWORD to choose your own)\n`,
  );
}
