// The check that two admins signed: what was done on one admin's word is what the model did alone.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../harness.ts';
import type { Model } from './model.ts';

/**
 * What moved money (an exit's payout included), changed an admin's status or made a password
 * link, counted by whether a second admin confirmed it (a proposal carried out by an admin
 * other than its proposer, in the same transaction): those not confirmed must be exactly what
 * the model did while alone.
 */
export async function unconfirmed(db: Db): Promise<Model['alone']> {
  const count = async (query: SQL) =>
    Number((await rowsOf<{ n: string | number }>(db, query))[0]!.n);
  const confirmedBy = (action: SQL, target: SQL, at: SQL) =>
    sql`exists (select 1 from fund_proposals p where p.state = 'done' and p.action = ${action}
      and ${target} and p.decided_at = ${at} and p.proposed_by <> p.decided_by)`;
  // A loan repaid from the savings is part of an exit's payout (in its transaction), counted
  // with it: the exit's audit row, written whether any money moved or not.
  const exitPayoutAt = (at: SQL, by: SQL) =>
    sql`exists (select 1 from audit_log x where x.action = 'exit.payout' and x.at = ${at}
      and x.actor_id = ${by})`;
  const fromSavings = sql`exists (select 1 from postings s join ledger_accounts sa
    on sa.id = s.account_id where s.entry_id = e.id and sa.code like 'savings:%')`;
  return {
    money:
      (await count(sql`select count(*) as n from journal_entries e
      where (e.kind in ('disbursement', 'write_off') or (e.kind = 'repayment' and e.payment_id is null
        and not (${fromSavings} and ${exitPayoutAt(sql`e.occurred_at`, sql`e.created_by`)})))
      and not ${confirmedBy(
        sql`case e.kind when 'disbursement' then 'loan.disburse' when 'write_off' then 'loan.write_off' else 'loan.cash_repayment' end`,
        sql`p.loan_id = e.loan_id and p.decided_by = e.created_by`,
        sql`e.occurred_at`,
      )}`)) +
      (await count(sql`select count(*) as n from audit_log a where a.action = 'exit.payout'
      and not ${confirmedBy(
        sql`'exit.payout'`,
        sql`p.member_id::text = a.target_id and p.decided_by = a.actor_id`,
        sql`a.at`,
      )}`)),
    statuses: await count(sql`select count(*) as n from audit_log a
      join users u on u.id::text = a.target_id and u.role = 'admin'
      where a.action in ('member.activate', 'member.deactivate')
      and not ${confirmedBy(sql`a.action`, sql`p.member_id = u.id`, sql`a.at`)}`),
    links: await count(sql`select count(*) as n from audit_log a
      where a.action = 'user.password_link_issued' and a.details->>'via' = 'admin'
      and not ${confirmedBy(sql`'member.password_link'`, sql`p.member_id::text = a.target_id`, sql`a.at`)}`),
    waivers:
      await count(sql`select count(*) as n from journal_entries e where e.kind = 'fine_waiver'
      and not ${confirmedBy(sql`'fine.waive'`, sql`p.decided_by = e.created_by`, sql`e.occurred_at`)}`),
  };
}
