// Prepares the database the end-to-end run serves: the demo data, plus one member per
// flow that changes an account for good (password, profile), so flows never step on
// each other. Runs before the server starts (PGlite allows one process at a time).
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedDemo } from '../../apps/server/src/features/demo/seed.ts';
import { databaseStorage } from '../../apps/server/src/features/files/file-storage.ts';
import { createUser } from '../../apps/server/src/features/users/create-user.ts';
import { addMonthsToDate, localDate } from '../../apps/server/src/lib/calendar.ts';
import { E2E_MEMBERS } from './members.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await seedDemo(database.db, databaseStorage);
  const joinedOn = `${addMonthsToDate(localDate(new Date()), -2).slice(0, 7)}-01`;
  for (const m of Object.values(E2E_MEMBERS)) {
    await createUser(database.db, { name: m.name, email: m.email, password: m.password, joinedOn });
  }
} finally {
  await database.close();
}
