import { useId, useState } from 'react';
import type { BankLine } from '@jamiya/contracts/bank';
import type { CandidatePayment } from '@jamiya/contracts/bank-lines';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage, sayRefusal } from '../../../lib/messages.ts';
import { useLinkCandidates } from '../api/get-link-candidates.ts';
import { useLinkLine } from '../api/link-line.ts';
import { paymentWhat } from '../lib/describe.ts';
import type { LineDone } from './line-outcome.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

const AT_ONCE = 6;

const canLink = (p: CandidatePayment) => p.linked_line_id === null && p.same_amount;

/**
 * The payments a line could be linked to: the member's (once chosen), else those of its amount
 * within 7 days. A receipt waiting is approved by the link; one linked to another line, or of
 * another amount, is shown but cannot be chosen, and says why.
 */
export function LinkCandidates({
  line,
  memberId,
  onLinked,
}: {
  line: BankLine;
  memberId: number | null;
  onLinked: (done: LineDone) => void;
}) {
  const i18n = useTexts();
  const titleId = useId();
  const candidates = useLinkCandidates(line.id, memberId);
  const link = useLinkLine();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shown, setShown] = useState(AT_ONCE);
  // Those that can be linked first, each group newest first as the server sends them.
  const items = [...(candidates.data?.items ?? [])].sort(
    (a, b) => Number(canLink(b)) - Number(canLink(a)),
  );

  const run = async (payment: CandidatePayment) => {
    setRefusal(null);
    try {
      const answer = await link.mutateAsync({ lineId: line.id, paymentId: payment.id });
      onLinked({ kind: 'linked', message: answer.message });
    } catch (error) {
      sayRefusal(error, setRefusal);
    }
  };

  let body;
  if (candidates.isPending) body = <Loading label={i18n._('admin-bank.link.looking')} />;
  else if (candidates.isError && !candidates.data)
    body = (
      <ErrorState
        message={errorMessage(candidates.error)}
        onRetry={() => void candidates.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
        {memberId === null
          ? i18n._('admin-bank.link.noneNearby')
          : i18n._('admin-bank.link.noneOfMember')}
      </p>
    );
  else
    body = (
      <>
        <ul className="flex flex-col gap-2">
          {items.slice(0, shown).map((p) => (
            <Candidate
              key={p.id}
              payment={p}
              line={line}
              isBusy={link.isPending && link.variables?.paymentId === p.id}
              isDisabled={link.isPending}
              onLink={() => void run(p)}
            />
          ))}
        </ul>
        <ShowMoreButton
          hasNextPage={items.length > shown}
          isFetchingNextPage={false}
          fetchNextPage={() => setShown((n) => n + AT_ONCE)}
        >
          {i18n._('admin-bank.reconcile.showMore', { count: items.length - shown })}
        </ShowMoreButton>
      </>
    );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="text-sm font-medium text-slate-800">
        {memberId === null
          ? i18n._('admin-bank.link.nearby', { amount: aed(line.amount) })
          : i18n._('admin-bank.link.ofMember')}
      </h3>
      {body}
      <FormProblem message={refusal} />
    </section>
  );
}

function Candidate({
  payment: p,
  line,
  isBusy,
  isDisabled,
  onLink,
}: {
  payment: CandidatePayment;
  line: BankLine;
  isBusy: boolean;
  isDisabled: boolean;
  onLink: () => void;
}) {
  const i18n = useTexts();
  const whyId = useId();
  const isWaiting = p.status === 'pending';
  const what = paymentWhat(i18n, p);
  const why =
    p.linked_line_id !== null
      ? i18n._('admin-bank.link.linkedElsewhere', { id: p.linked_line_id })
      : !p.same_amount
        ? i18n._('admin-bank.link.otherAmount', {
            amount: aed(p.amount),
            lineAmount: aed(line.amount),
          })
        : null;
  const day = p.transfer_date
    ? i18n._('admin-bank.payment.transferred', { date: formatDate(p.transfer_date) })
    : i18n._('admin-bank.payment.sent', { date: formatDate(p.submitted_at) });
  const label = { name: isolated(p.member.name), what, amount: aed(p.amount), day };
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-slate-200 p-3">
      <div className="flex min-w-0 flex-[1_1_12rem] flex-col gap-0.5">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-lg font-extrabold tabular-nums">{aed(p.amount)}</span>
          <StatusBadge tone={isWaiting ? 'warning' : 'success'}>
            {isWaiting ? i18n._('admin-bank.link.waiting') : i18n._('admin-bank.link.approved')}
          </StatusBadge>
        </p>
        <p className="font-semibold break-words text-slate-900">
          <bdi>{p.member.name}</bdi>{' '}
          <span className="font-normal text-slate-600" dir="ltr">
            ({p.member.unique_id})
          </span>
        </p>
        <p className="text-sm text-slate-800">
          {what} · {day}
        </p>
        {why && (
          <p id={whyId} className="text-sm font-medium text-amber-900">
            {why}
          </p>
        )}
      </div>
      <Button
        variant={why ? 'secondary' : 'primary'}
        className="disabled:opacity-60"
        isBusy={isBusy}
        disabled={why !== null || isDisabled}
        aria-describedby={why ? whyId : undefined}
        aria-label={
          isWaiting
            ? i18n._('admin-bank.link.approveAndLinkLabel', label)
            : i18n._('admin-bank.link.linkLabel', label)
        }
        onClick={onLink}
      >
        {isWaiting ? i18n._('admin-bank.link.approveAndLink') : i18n._('admin-bank.link.link')}
      </Button>
    </li>
  );
}
