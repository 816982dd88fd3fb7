import { useTexts } from '../../../lib/i18n.tsx';
import type { Guarantee } from '../../../api/get-guarantees.ts';
import { Button } from '../../../components/button.tsx';
import { Figures } from '../../../components/figures.tsx';
import { LoanStateBadge } from '../../../components/loan-state-badge.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { GuaranteeAnswer } from '../api/answer-guarantee.ts';
import { GUARANTEE_STATE_TONE, GUARANTEE_STATES_TEXTS, LOAN_STATES_TEXTS } from '../texts.ts';

/**
 * One guarantee: for whom, how much, what it holds now, and the loan's state and arrears (all a
 * guarantor sees of another member's loan). One still asked offers Accept and Decline.
 */
export function GuaranteeCard({
  guarantee: g,
  answering,
  canAnswer,
  onAccept,
  onDecline,
}: {
  guarantee: Guarantee;
  /** The answer being sent for this guarantee, if any. */
  answering: GuaranteeAnswer | undefined;
  canAnswer: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const i18n = useTexts();
  const titleId = `guarantee-${g.id}`;
  const isHolding = g.state === 'accepted';

  const figures = [
    { key: 'amount', label: i18n._('guarantees.card.amount'), value: aed(g.amount) },
    ...(isHolding || g.held > 0
      ? [{ key: 'held', label: i18n._('guarantees.card.held'), value: aed(g.held) }]
      : []),
    {
      key: 'loan',
      label: i18n._('guarantees.card.loan'),
      value: i18n._('guarantees.card.loanValue', {
        amount: aed(g.loan.amount),
        count: g.loan.duration_month,
      }),
    },
    {
      key: 'loanState',
      label: i18n._('guarantees.card.loanState'),
      value: (
        <LoanStateBadge
          loan={{ state: g.loan.state, is_overdue: isHolding && g.loan.is_overdue }}
          label={(state) => i18n._(LOAN_STATES_TEXTS[state])}
        />
      ),
    },
  ];

  return (
    <li className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
            {g.borrower.name}
          </h3>
          <p className="text-sm text-slate-600">
            {i18n._('guarantees.card.memberId', { id: g.borrower.member_id })}
          </p>
        </div>
        <StatusBadge tone={GUARANTEE_STATE_TONE[g.state]}>
          {i18n._(GUARANTEE_STATES_TEXTS[g.state])}
        </StatusBadge>
      </div>

      {/* What falls due and is unpaid, only while the guarantee holds savings for it. */}
      {isHolding && g.loan.is_overdue && (
        <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {g.loan.overdue_since
            ? i18n._('guarantees.card.arrears', {
                amount: aed(g.loan.arrears),
                date: formatDate(g.loan.overdue_since),
              })
            : i18n._('guarantees.card.arrearsNoDate', { amount: aed(g.loan.arrears) })}
        </p>
      )}

      <Figures items={figures} columns={2} />

      {g.recovered > 0 && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          {i18n._('guarantees.card.recovered', { amount: aed(g.recovered) })}
        </p>
      )}

      <p className="text-sm text-slate-600">
        {g.answered_at
          ? i18n._('guarantees.card.askedAndAnswered', {
              asked: formatDate(g.asked_at),
              answered: formatDate(g.answered_at),
            })
          : i18n._('guarantees.card.askedOn', { date: formatDate(g.asked_at) })}
      </p>

      {g.state === 'asked' && (
        <div className="flex flex-col gap-2 min-[360px]:flex-row">
          <Button
            onClick={onAccept}
            disabled={!canAnswer}
            isBusy={answering === 'accept'}
            aria-describedby={titleId}
          >
            {i18n._('guarantees.accept')}
          </Button>
          <Button
            variant="secondary"
            onClick={onDecline}
            disabled={!canAnswer}
            isBusy={answering === 'decline'}
            aria-describedby={titleId}
          >
            {i18n._('guarantees.decline')}
          </Button>
        </div>
      )}
    </li>
  );
}
