// The audit trail of what the seed wrote, as the services write it (features/audit): each
// receipt sent (payments/submissions.ts) and approved (payments/review.ts), each application
// (loans/apply.ts) and move of a loan (loans/transition.ts: approved, active, closed), each
// guarantor's answer (loans/guarantee-answers.ts), the statement's import and each match it
// linked (bank/keep-statement.ts, links.ts). Same actor, target, details and moment; no ip, as
// no request made them. One INSERT ... SELECT from the rows written: ids follow time, as the
// trail (newest first by id) expects.
import type { Query } from './sql.ts';

const EVENTS = `
  select user_id as actor_id, 'payment.submit' as action, 'payment' as target_type,
         id as target, null::text as reason, null::jsonb as details, created_at as at, 1 as ord
    from payments
  union all
  select reviewed_by, 'payment.approve', 'payment', id, null,
         jsonb_build_object('amountFils', approved_amount_fils, 'submittedFils', amount_fils),
         reviewed_at, 2
    from payments where status = 'approved'
  union all
  -- An application is 'loan.apply'; every later move is 'loan.' and the state it moved to.
  select actor_id, case when from_state is null then 'loan.apply' else 'loan.' || to_state end,
         'loan', loan_id, reason, null, at, 3
    from loan_transitions
  union all
  select guarantor_id,
         case when state = 'declined' then 'guarantee.decline' else 'guarantee.accept' end,
         'loan', loan_id, null, jsonb_build_object('guaranteeId', id, 'amountFils', amount_fils),
         answered_at, 4
    from loan_guarantees where state in ('accepted', 'released', 'declined')
  union all
  select imported_by, 'bank.statement_import', 'bank_statement', id, null,
         jsonb_build_object('sha256', sha256, 'lines', line_count, 'newLines', new_lines,
                            'recognised', 0),
         imported_at, 5
    from bank_statements
  union all
  select linked_by, 'bank.link', 'bank_line', id, null,
         jsonb_build_object('paymentId', payment_id, 'entryId', entry_id, 'kind', link_kind),
         linked_at, 6
    from bank_lines where link_kind is not null`;

/** Writes the trail; the number of rows written. */
export async function writeAuditRows(query: Query): Promise<number> {
  const [row] = await query(`
    with base as (select coalesce(max(id), 0) as id from audit_log),
    written as (
      insert into audit_log (id, actor_id, action, target_type, target_id, reason, details, at)
      select base.id + row_number() over (order by e.at, e.ord, e.target),
             e.actor_id, e.action, e.target_type, e.target::text, e.reason, e.details, e.at
        from (${EVENTS}) e, base
      returning 1)
    select count(*)::int as n from written`);
  await query(
    `select setval(pg_get_serial_sequence('audit_log', 'id'), (select max(id) from audit_log))`,
  );
  return Number(row!.n);
}
