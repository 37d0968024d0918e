import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { emailField, newPassword } from '../identity/sign-in/sign-in.schemas';
import { createUser } from '../identity/auth/create-user';
import { generatePassword, passwordProblem } from '../identity/auth/password-policy';
import { loadConfig } from '../platform/config/config';
import { openDatabase } from '../platform/db/database';
import { ENTITIES } from '../entities';

/** `npm run admin:create -- --email ops@example.com [--password ...] [--name ...]` */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailField.safeParse(values.email);
  if (!email.success) throw new Error('--email must be a valid e-mail address');
  const owner = { email: email.data, full_name: values.name ?? 'Administrator' };
  const password = values.password ?? generatePassword(owner);
  if (!newPassword.safeParse(password).success) throw new Error('--password must be 8 to 128 characters');
  // Checked before opening the database: a refused password should cost the operator nothing.
  const problem = passwordProblem(password, owner);
  if (problem) throw new Error(`--password: ${problem}`);

  const config = loadConfig();
  const database = await openDatabase(config, ENTITIES);
  try {
    await createUser(database.dataSource, { ...owner, password, is_admin: true });
    console.log(`Administrator created. E-mail: ${email.data}${values.password ? '' : `  Password: ${password}`}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
