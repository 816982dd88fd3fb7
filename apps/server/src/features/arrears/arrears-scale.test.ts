import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/settings.ts';
import { getSettings } from '../settings/public.ts';
import { addMonthsToPeriod, localDate, periodOf, startOfDay } from '../../lib/calendar.ts';
import { createMembersWithoutPassword } from '../users/public.ts';
import { useTestApp } from '../../../test/harness.ts';
import { arrearsReport } from './report.ts';

// Issue 51, points 1 and 3: while the arrears desk is read for an association of thousands, a
// member's request beside it is answered at once: the event loop is never held for long (who is
// behind is worked out in the database).

const t = useTestApp();
const MEMBERS = 5_000;

describe('the arrears desk of a large association', () => {
  it(
    'lists every member behind, never holding the event loop for more than a third of the read',
    { tags: ['timing'] },
    async () => {
      const today = localDate(new Date());
      const joined = `${addMonthsToPeriod(periodOf(today), -24)}-01`;
      await createMembersWithoutPassword(
        t.db,
        Array.from({ length: MEMBERS }, (_, n) => ({
          name: `Member ${n}`,
          email: `behind${n}@example.test`,
          mobile: null,
          nationalId: null,
          language: 'en' as const,
          joinedOn: joined,
          createdAt: startOfDay(joined),
        })),
      );
      // Each paid 22 months, as an import marks them (no entry of their own): 2 months behind,
      // and a history for the desk to go through.
      const { monthlyDueFils: due } = await getSettings(t.db);
      // The rules a new association starts with: a fine from today on.
      await t.db.update(settings).set({ fineFils: 1_000, finesSince: today, graceDays: 15 });
      await t.db.execute(sql`insert into payments (user_id, kind, period, amount_fils,
        approved_amount_fils, status, carried_over, reviewed_at)
      select u.id, 'dues', to_char(${joined}::date + make_interval(months => g), 'YYYY-MM'),
        ${due}, ${due}, 'approved', false, now()
      from users u cross join generate_series(0, 21) g where u.email like 'behind%'`);
      await t.db.execute(sql`analyze`); // as autovacuum would have, on a server that has run
      await arrearsReport(t.db, today, 10_000); // plans and caches warm

      // How long the event loop was held at a time: what a request arriving then would wait.
      const held = monitorEventLoopDelay({ resolution: 5 });
      held.enable();
      const started = performance.now();
      const report = await arrearsReport(t.db, today, 10_000); // every member, not a page
      const readMs = performance.now() - started;
      held.disable();

      expect(report.members.length).toBeGreaterThanOrEqual(MEMBERS);
      expect(report.members.filter((m) => m.months_behind === 2)).toHaveLength(MEMBERS);
      // Measured on these 2-core machines: held 17–20 ms of a 400–700 ms read when quiet, 236 of
      // 1,019 ms beside a browser test run; worked out in JavaScript, the loop is held for most of
      // the read. A bound relative to the read holds on a busy machine too.
      expect(held.max / 1e6, `the desk took ${Math.round(readMs)} ms`).toBeLessThan(readMs / 3);
    },
  );
});
