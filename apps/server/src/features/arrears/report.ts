import { and, eq } from 'drizzle-orm';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import type { ArrearsMember, ArrearsReport } from '@jamiya/contracts/arrears';
import { amongIds, type DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import {
  addDaysToDate,
  addMonthsToPeriod,
  lastDayOfPeriod,
  localDate,
  periodOf,
} from '../../lib/calendar.ts';
import { aed } from '../../lib/i18n.ts';
import { booksBeganOn } from '../ledger/public.ts';
import { overdueByMember, portfolioAtRiskOn } from '../loans/public.ts';
import { lastNoticeAt } from '../notifications/public.ts';
import { duesBehind } from '../payments/public.ts';
import { getSettings } from '../settings/public.ts';
import { callUrl, whatsappUrl } from './contact.ts';

// The arrears desk (docs/domain/arrears.md): the portfolio at risk, its trend, the dues behind
// by age, and who is behind, oldest first.

/** A share in per cent with one decimal (0 when there is nothing to share). */
const percent = (part: Fils, whole: Fils) =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

/** The desk on `today`, listing the first `limit` members behind (oldest first). */
export async function arrearsReport(db: DbOrTx, today: string, limit = 50): Promise<ArrearsReport> {
  const thisMonth = periodOf(today);
  // Not the months before the books came into Jamiya: when an imported loan was repaid before
  // then is not known, so their risk would read 0 % where no one can tell (issue 50).
  const began = (await booksBeganOn(db)) ?? today;
  // The last day of each of the 11 months before this one, then today.
  const months = Array.from({ length: 12 }, (_, i) => addMonthsToPeriod(thisMonth, i - 11))
    .map((month) => ({
      month,
      day: month === thisMonth ? today : lastDayOfPeriod(month),
    }))
    .filter(({ month, day }) => month === thisMonth || day >= began);
  const risks = await portfolioAtRiskOn(
    db,
    months.map(({ day }) => day),
  );
  const now = risks.at(-1)!;
  const trend = months.map(({ month }, i) => ({
    month,
    par30: percent(risks[i]!.atRisk30Fils, risks[i]!.outstandingFils),
  }));

  const dues = await duesBehind(db, today);
  const loans = await overdueByMember(db, today);
  const ids = [...new Set([...dues.keys(), ...loans.keys()])];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            uniqueId: users.uniqueId,
            name: users.name,
            mobile: users.mobile,
            language: users.language,
            contactChangedAt: users.contactChangedAt,
          })
          .from(users)
          .where(and(amongIds(users.id, ids), eq(users.status, 1)));
  const { associationName } = await getSettings(db);

  // Everyone behind, oldest first; the links and sums of the page asked for only.
  const behind = people
    .map((p) => {
      const d = dues.get(p.id);
      const l = loans.get(p.id);
      const oldestDueOn = [d?.oldestDueOn, l?.oldestDueOn]
        .filter((day): day is string => day !== undefined)
        .sort()[0]!;
      return { p, d, l, oldestDueOn };
    })
    .sort((a, b) => a.oldestDueOn.localeCompare(b.oldestDueOn) || a.p.id - b.p.id);
  const page = behind.slice(0, limit);
  const reminded = await lastNoticeAt(
    db,
    ['dues_reminder', 'installment_due_soon', 'installment_overdue'],
    page.map(({ p }) => p.id),
  );
  const members: ArrearsMember[] = page.map(({ p, d, l, oldestDueOn }) => {
    const owedFils = (d?.owedFils ?? 0) + (l?.leftFils ?? 0);
    return {
      member: { id: p.id, unique_id: p.uniqueId, name: p.name },
      mobile: p.mobile,
      call_url: callUrl(p.mobile),
      // No text the member wrote (their name) goes into the message: it could read as a link or
      // an instruction from the association.
      whatsapp_url: whatsappUrl(p.mobile, p.language, {
        association: associationName,
        amount: aed(owedFils),
        day: { day: oldestDueOn },
      }),
      months_behind: d?.monthsBehind ?? 0,
      dues_owed: filsToAed(d?.owedFils ?? 0),
      loan_overdue: filsToAed(l?.leftFils ?? 0),
      owed: filsToAed(owedFils),
      oldest_due_on: oldestDueOn,
      last_reminder_at: reminded.get(p.id)?.toISOString() ?? null,
      contact_changed_at:
        p.contactChangedAt && localDate(p.contactChangedAt) >= addDaysToDate(today, -30)
          ? p.contactChangedAt.toISOString()
          : null,
    };
  });

  const bucket = (months: '1' | '2' | '3+', test: (n: number) => boolean) => {
    const behind = [...dues.values()].filter((d) => test(d.monthsBehind));
    return {
      months,
      members: behind.length,
      amount: filsToAed(behind.reduce((s, d) => s + d.owedFils, 0)),
    };
  };
  return {
    as_of: today,
    loans: {
      outstanding: filsToAed(now.outstandingFils),
      at_risk_30: filsToAed(now.atRisk30Fils),
      at_risk_90: filsToAed(now.atRisk90Fils),
      par30: percent(now.atRisk30Fils, now.outstandingFils),
      par90: percent(now.atRisk90Fils, now.outstandingFils),
    },
    par30_trend: trend,
    dues: {
      buckets: [
        bucket('1', (n) => n === 1),
        bucket('2', (n) => n === 2),
        bucket('3+', (n) => n >= 3),
      ],
    },
    members,
    members_total: behind.length,
  };
}
