// What --check asks of the guarantees and the statement, beside the ledger's consistency: the
// rules the services keep (covered, within the loan, held within savings), and the app's own
// reconciliation finding exactly the difference the seed put between bank and books.
import type { Db } from '../../apps/server/src/db/client.ts';
import { heldByGuarantor } from '../../apps/server/src/features/loans/public.ts';
import { savingsByMember } from '../../apps/server/src/features/ledger/public.ts';
import { reconcile } from '../../apps/server/src/features/bank/reconcile.ts';
import type { BankSummary } from './bank-rows.ts';
import type { Query } from './sql.ts';

export async function seedProblems(
  db: Db,
  query: Query,
  today: string,
  bank: BankSummary,
): Promise<string[]> {
  const problems: string[] = [];
  // Accepted guarantees cover what the loan needed; all those asked, no more than the loan.
  const loans = await query(`
    select l.id, l.amount_fils, l.guarantee_needed_fils as needed,
           coalesce(sum(g.amount_fils) filter (where g.state in ('accepted', 'released')), 0) as covered,
           coalesce(sum(g.amount_fils), 0) as asked,
           count(*) filter (where g.guarantor_id = l.user_id) as own
      from loans l left join loan_guarantees g on g.loan_id = l.id
     group by l.id
    having coalesce(sum(g.amount_fils) filter (where g.state in ('accepted', 'released')), 0)
             < l.guarantee_needed_fils
        or coalesce(sum(g.amount_fils), 0) > l.amount_fils
        or count(*) filter (where g.guarantor_id = l.user_id) > 0
     limit 5`);
  for (const l of loans)
    problems.push(
      `loan ${String(l.id)}: needs ${String(l.needed)} fils guaranteed, accepted ${String(l.covered)}, asked ${String(l.asked)} of ${String(l.amount_fils)}`,
    );
  // What guarantees hold now is within each guarantor's savings (holds.ts, as the app works it).
  const guarantors = (
    await query(`select distinct guarantor_id from loan_guarantees where state = 'accepted'`)
  ).map((r) => Number(r.guarantor_id));
  const held = await heldByGuarantor(db, guarantors);
  const savings = await savingsByMember(db, guarantors);
  for (const id of guarantors)
    if (held.get(id)! > savings.get(id)!)
      problems.push(`member ${id}: guarantees hold ${held.get(id)} fils of ${savings.get(id)}`);
  // The reconciliation sees the bank's own lines as the only difference.
  if (bank.lines > 0) {
    const r = await reconcile(db, today, 1);
    const difference = r.bankFils === null ? null : r.booksFils - r.bankFils;
    if (difference !== -bank.differenceFils)
      problems.push(
        `reconciliation: books less bank ${difference} fils, the statement's own lines say ${-bank.differenceFils}`,
      );
  }
  return problems;
}
