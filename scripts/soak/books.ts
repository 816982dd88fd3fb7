// The books, with the server stopped, checked with the app's own code: the trial balance, the
// ledger against the tables, each member's month against what the soak was told, and every
// file row against its bytes in the database.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { files } from '../../apps/server/src/db/schema/files.ts';
import { filesWithoutBytes } from '../../apps/server/src/features/files/disk-uploads.ts';
import { journalEntries } from '../../apps/server/src/db/schema/ledger.ts';
import { payments } from '../../apps/server/src/db/schema/payments.ts';
import { trialBalance, unbalancedEntries } from '../../apps/server/src/features/ledger/balances.ts';
import { ledgerConsistencyProblems } from '../../apps/server/test/support/consistency.ts';
import type { People } from './people.ts';

export async function checkBooks(env: NodeJS.ProcessEnv, people: People) {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const tb = await trialBalance(db);
    const unbalanced = await unbalancedEntries(db);
    const consistency = await ledgerConsistencyProblems(db);
    const problems: string[] = [
      ...unbalanced.slice(0, 5).map((id) => `entry ${id} does not balance`),
      ...consistency.slice(0, 5),
    ];
    // What the soak was told against what was stored: each member's month.
    const rows = await db
      .select({ userId: payments.userId, status: payments.status, id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.kind, 'dues'),
          eq(payments.period, people.period),
          inArray(
            payments.userId,
            people.members.map((m) => m.id),
          ),
        ),
      );
    for (const m of people.members) {
      if (m.dues === 'broken') continue;
      const mine = rows.filter((r) => r.userId === m.id);
      const live = mine.filter((r) => r.status !== 'rejected');
      const stored = live.length === 0 ? 'open' : live.length === 1 ? live[0]!.status : 'several';
      if (stored !== m.dues)
        problems.push(`member ${m.id}: the soak says ${m.dues}, stored ${stored}`);
    }
    const approvedIds = rows.filter((r) => r.status === 'approved').map((r) => r.id);
    const [{ n: entryCount } = { n: 0 }] = approvedIds.length
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(journalEntries)
          .where(
            and(eq(journalEntries.kind, 'dues'), inArray(journalEntries.paymentId, approvedIds)),
          )
      : [];
    if (entryCount !== approvedIds.length)
      problems.push(`${approvedIds.length} approved dues but ${entryCount} journal entries`);
    // Every file row has its bytes (the bytes need their row: a foreign key).
    const fileCount = await db.$count(files);
    const missing = await filesWithoutBytes(db);
    if (missing) problems.push(`${missing} file rows without their bytes`);
    return {
      totalDebitsFils: tb.totalDebitsFils,
      totalCreditsFils: tb.totalCreditsFils,
      differenceFils: tb.totalDebitsFils - tb.totalCreditsFils,
      balanced: tb.balanced,
      unbalancedEntries: unbalanced.length,
      consistencyProblems: consistency.length,
      files: fileCount,
      problems,
    };
  } finally {
    await database.close();
  }
}
