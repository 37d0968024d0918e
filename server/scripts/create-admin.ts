import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AuthService } from '../auth/auth.service';
import { emailField, newPassword } from '../auth/auth.schemas';
import { resolveJwtSecret } from '../auth/jwt-secret';
import { TokenService } from '../auth/tokens';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';

/** `npm run admin:create -- --email ops@example.com [--password ...] [--name ...]` */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailField.safeParse(values.email);
  if (!email.success) throw new Error('--email must be a valid e-mail address');
  const password = values.password ?? randomBytes(12).toString('base64url');
  if (!newPassword.safeParse(password).success) throw new Error('--password must be 8 to 128 characters');

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const auth = new AuthService(
      database.dataSource,
      new TokenService(resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR), config.JWT_TTL),
    );
    await auth.createUser({ email: email.data, password, full_name: values.name ?? 'Administrator', is_admin: true });
    console.log(`Administrator created. E-mail: ${email.data}${values.password ? '' : `  Password: ${password}`}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
