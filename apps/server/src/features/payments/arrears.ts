import { sql, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { amongIds, rowsOf, type DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { periodOf } from '../../lib/calendar.ts';
import { owingDues } from './dues-calendar.ts';

// What the arrears desk asks of dues (docs/domain/arrears.md): each active member's months
// behind, worked out for every member at once in the database (issue 51: in JavaScript, a
// member at a time, it held the server). A month is worked out as monthFigures does for a
// member's statement (months.ts); arrears-agree.test.ts holds the two to the same answers.

export interface DuesBehind {
  /** Months before this one with something unpaid and no receipt under review. */
  monthsBehind: number;
  /** What those months owe, late fines included. */
  owedFils: Fils;
  /** The day the oldest of them fell due. */
  oldestDueOn: string;
}

/** A month as a count of months since year 0, in SQL: the next month is one more. */
const monthNumber = (period: string) =>
  sql.raw(`(substr(${period}, 1, 4)::int * 12 + substr(${period}, 6, 2)::int - 1)`);
const monthNumberOfDay = (day: string) =>
  sql.raw(`(extract(year from ${day})::int * 12 + extract(month from ${day})::int - 1)`);

const ACTIVE_MEMBERS = sql`from ${users} where ${owingDues}`;

/**
 * The statement that works out the active members behind on their dues in the month of
 * `today` (of `userIds` only, when named) from every month of theirs, one row each: user_id,
 * months, owed and the oldest month behind (YYYY-MM); dues-standing.ts keeps its answer.
 */
export async function duesBehindStatement(
  db: DbOrTx,
  today: string,
  userIds?: readonly number[],
): Promise<SQL> {
  const named = (column: string) =>
    userIds === undefined ? sql`` : sql`and ${amongIds(sql.raw(column), userIds)}`;
  const [year, month] = periodOf(today).split('-').map(Number);
  const lastMonth = year! * 12 + month! - 2; // the month before this one
  // The months run from the earliest any member joined in: bounds PostgreSQL can count, so that
  // it plans for the rows there are (with each member's own bounds it planned for millions, and
  // compiled the query with its JIT for longer than running it took).
  const [first] = await rowsOf<{ month: number | null }>(
    db,
    sql`select min(${monthNumberOfDay('joined_on')}) as month ${ACTIVE_MEMBERS} ${named('id')}`,
  );
  // Each member's months from the one they joined in to the last before this one (or the one
  // they leave in), beside what was sent for each: the due its approvals recorded (review.ts
  // records the first approval's for every later one) or else the monthly due, what approved
  // payments and an exit settled, the fine less its waiver, and a receipt awaiting review.
  return sql`with due as (select monthly_due_fils as fils from settings where id = 1),
    members as (
      select id, ${monthNumberOfDay('joined_on')} as first_month,
        least(coalesce(${monthNumberOfDay('leaving_on')}, ${lastMonth}), ${lastMonth}) as last_month
      ${ACTIVE_MEMBERS} ${named('id')}),
    months as (
      select m.id as user_id, g.month
      from generate_series(${first?.month ?? lastMonth}::int, ${lastMonth}::int) as g(month)
        join members m on g.month between m.first_month and m.last_month),
    sent as (
      select user_id, ${monthNumber('period')} as month, bool_or(status = 'pending') as pending,
        coalesce(sum(coalesce(approved_amount_fils, amount_fils)) filter (where status = 'approved'), 0) as paid,
        max(month_due_fils) filter (where status = 'approved') as due
      from payments where kind = 'dues' ${named('user_id')} group by 1, 2),
    marks as (
      select user_id, ${monthNumber('period')} as month, settled_at_exit_fils, fine_fils - waived_fils as fine
      from dues_months where true ${named('user_id')}),
    figures as (
      select months.user_id, months.month, coalesce(sent.pending, false) as pending,
        coalesce(sent.due, due.fils) as due,
        coalesce(sent.paid, 0) + coalesce(d.settled_at_exit_fils, 0) as paid,
        coalesce(d.fine, 0) as fine
      from months cross join due
        left join sent on sent.user_id = months.user_id and sent.month = months.month
        left join marks d on d.user_id = months.user_id and d.month = months.month),
    behind as (
      select user_id as id, count(*) as months,
        sum(greatest(due - paid, 0) + greatest(fine - greatest(paid - due, 0), 0)) as owed,
        min(month) as oldest
      from figures
      where not pending and greatest(due - paid, 0) + greatest(fine - greatest(paid - due, 0), 0) > 0
      group by user_id)
    select id as user_id, months, owed,
      to_char(make_date(oldest / 12, oldest % 12 + 1, 1), 'YYYY-MM') as oldest
    from behind`;
}
