// npm run admin -- create --email treasurer@example.org --name "Name" [--password ...] [--member]
// npm run admin -- reset-password --email someone@example.org
// The first admin comes from here (or the demo seed): no API call makes anyone an admin.
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError, openDatabase } from '../db/open-database.ts';
import { AppError } from '../lib/errors.ts';
import {
  CommandError,
  parseAdminArgs,
  runAdminCommand,
  USAGE,
  UsageError,
} from './admin-commands.ts';

async function main(): Promise<number> {
  let command;
  try {
    command = parseAdminArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const lines = await runAdminCommand(database.db, command, { publicUrl: config.publicUrl });
    console.log(lines.join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const isExpected =
      err instanceof CommandError ||
      err instanceof AppError ||
      err instanceof ConfigError ||
      err instanceof DatabaseLockedError;
    console.error(isExpected ? err.message : err);
    process.exit(1);
  },
);
