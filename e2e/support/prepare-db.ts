// Prepares the database the end-to-end run serves: the demo data, plus one member per
// flow that changes an account for good (password, profile), so flows never step on
// each other; those who must borrow or guarantee a loan with the past the loan rules ask
// for (E2E_HISTORIES). Runs before the server starts (one process at a time on a DATA_DIR).
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedDemo } from '../../apps/server/src/features/demo/seed.ts';
import { databaseStorage } from '../../apps/server/src/features/files/file-storage.ts';
import { getSettings } from '../../apps/server/src/features/settings/public.ts';
import { createUser } from '../../apps/server/src/features/users/create-user.ts';
import { addMonthsToDate, localDate } from '../../apps/server/src/lib/calendar.ts';
import { paidDues } from '../../apps/server/test/harness/books.ts';
import { chargeFine } from '../../apps/server/src/features/payments/public.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { eq } from 'drizzle-orm';
import { E2E_HISTORIES, E2E_MEMBERS, paydayFarOff, paydayInGrace } from './members.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await seedDemo(database.db, databaseStorage);
  const { monthlyDueFils } = await getSettings(database.db);
  const today = localDate(new Date());
  /** The 1st of the month `back` months before this one in Dubai. */
  const monthStart = (back: number) => `${addMonthsToDate(today, -back).slice(0, 7)}-01`;
  for (const [key, m] of Object.entries(E2E_MEMBERS)) {
    const history = E2E_HISTORIES[key as keyof typeof E2E_MEMBERS];
    const joinedOn = monthStart(history?.joinedMonthsAgo ?? 2);
    const user = await createUser(database.db, {
      name: m.name,
      email: m.email,
      password: m.password,
      joinedOn,
      ...(history ? { createdAt: new Date(`${joinedOn}T12:00:00+04:00`) } : {}),
    });
    // Each due paid on the 5th of its month, as the demo members pay theirs.
    for (const back of history?.paidMonthsAgo ?? []) {
      const month = monthStart(back).slice(0, 7);
      await paidDues(
        database.db,
        user.id,
        [month],
        monthlyDueFils,
        new Date(`${month}-05T12:00:00+04:00`),
      );
    }
    // Late last month, fined as the job fines (dues-calendar.spec.ts); this month in its grace;
    // a mobile for the arrears desk's call and WhatsApp (arrears.spec.ts).
    if (key === 'lateFine') {
      await database.db
        .update(users)
        .set({ payday: paydayInGrace(today), mobile: '050 123 4567' })
        .where(eq(users.id, user.id));
      await chargeFine(database.db, user.id, monthStart(1).slice(0, 7), new Date());
    }
    // No reminder before the spec sets a payday whose reminder is due (dues-calendar.spec.ts).
    if (key === 'payday')
      await database.db
        .update(users)
        .set({ payday: paydayFarOff(today) })
        .where(eq(users.id, user.id));
    // Reads the app in Malayalam (leaving.spec.ts).
    if (key === 'leaver')
      await database.db.update(users).set({ language: 'ml' }).where(eq(users.id, user.id));
  }
} finally {
  await database.close();
}
