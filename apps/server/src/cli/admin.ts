// npm run admin -- create --email treasurer@example.org --name "Name" [--password ...]
// The first admin comes from here (or the demo seed): no API call makes anyone an admin.
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { newPassword } from '@jamiya/contracts/auth';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { isCommonPassword } from '../features/auth/passwords.ts';
import { audit } from '../features/audit/audit.ts';
import { createUser } from '../features/members/create-user.ts';
import { localDate } from '../lib/calendar.ts';

const USAGE =
  'Usage: npm run admin -- create --email <email> --name <name> [--password <password>]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  if (positionals[0] !== 'create' || !values.email || !values.name) {
    console.error(USAGE);
    return 2;
  }
  const password = values.password ?? randomBytes(12).toString('base64url');
  const checked = newPassword.safeParse(password);
  if (!checked.success || isCommonPassword(password)) {
    console.error(
      checked.success ? 'That password is too common.' : checked.error.issues[0]?.message,
    );
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    const user = await createUser(database.db, {
      name: values.name,
      email: values.email,
      password,
      role: 'admin',
      joinedOn: localDate(new Date()),
    });
    await audit(database.db, {
      actorId: null,
      action: 'user.create_admin',
      targetType: 'user',
      targetId: user.id,
      details: { via: 'cli' },
    });
    console.log(`Admin ${user.email} created (${user.uniqueId}).`);
    if (!values.password) console.log(`Password: ${password}  (change it after the first sign-in)`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
