import { useState } from 'react';
import type { AdminMember } from '@jamiya/contracts/members';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmWaiverDialog } from '../../../components/confirm-waiver-dialog.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useMyId, useProposals, type FundProposal } from '../../../api/proposals.ts';
import { canConfirmWaiver, isProposed, useWaiveFine, waiverOf } from '../../../api/waive-fine.ts';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { Section } from './member-activity.tsx';
import { useMemberFines, type MemberFine } from '../../../api/get-member-fines.ts';

// The ids of a fine's heading and of its proposal's: the focus goes to one of them once the
// button that opened a dialog is gone (waived, proposed, confirmed or withdrawn).
const fineHeading = (period: string) => `member-fine-${period}`;
const proposalHeading = (period: string) => `member-fine-proposal-${period}`;
const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus());

/**
 * The member's late fines (docs/domain/dues.md, Payday and fines), newest month first: when each
 * was charged, a late salary the member reported, and its waiver. An admin waives what is unpaid
 * of a fine with a reason the member reads; with two or more active admins that is proposed, and
 * another admin confirms it here by repeating the call. No admin waives their own fine.
 */
export function MemberFines({ member }: { member: AdminMember }) {
  const i18n = useTexts();
  const fines = useMemberFines(member.id);
  const proposals = useProposals();
  const myId = useMyId();
  const waive = useWaiveFine();
  const [waiving, setWaiving] = useState<MemberFine | null>(null);
  const [confirming, setConfirming] = useState<FundProposal | null>(null);
  const isOwn = myId === member.id;
  // The open waivers of this member's fines, by month.
  const proposalByPeriod = new Map<string, FundProposal>();
  for (const p of proposals.data?.items ?? []) {
    const asked = waiverOf(p);
    if (asked?.memberId === member.id) proposalByPeriod.set(asked.period, p);
  }

  const runWaiver = async (fine: MemberFine, reason: string) => {
    const answer = await waive.mutateAsync({ memberId: member.id, period: fine.period, reason });
    // The list already shows it proposed or waived (useWaiveFine).
    focusLater(isProposed(answer) ? proposalHeading(fine.period) : fineHeading(fine.period));
    return answer.message;
  };

  let content;
  if (fines.isPending) content = <Spinner />;
  else if (fines.isError)
    content = (
      <ErrorState message={errorMessage(fines.error)} onRetry={() => void fines.refetch()} />
    );
  else
    content = (
      <ul className="flex flex-col gap-3">
        {fines.data.items.map((fine) => {
          const proposal = proposalByPeriod.get(fine.period);
          let action = null;
          if (fine.waived > 0) action = <Waived fine={fine} />;
          else if (proposal)
            action = (
              <ProposalPanel
                proposal={proposal}
                isMine={!canConfirmWaiver(proposal, myId)}
                note={isOwn ? i18n._('admin-members.fines.ownProposal') : undefined}
                headingId={proposalHeading(fine.period)}
                confirmLabel={i18n._('admin.fineWaiver.confirm')}
                onConfirm={() => setConfirming(proposal)}
                onWithdrawn={() => focusLater(fineHeading(fine.period))}
              >
                <p>
                  {i18n._('admin-members.fines.proposal', {
                    amount: aed(proposal.amount ?? fine.fine),
                    month: periodLabel(fine.period),
                  })}
                </p>
              </ProposalPanel>
            );
          else if (!isOwn)
            action = (
              <Button
                variant="secondary"
                className="self-start"
                aria-describedby={fineHeading(fine.period)}
                onClick={() => setWaiving(fine)}
              >
                {i18n._('admin-members.fines.waive')}
              </Button>
            );
          return (
            <li
              key={fine.period}
              className="flex flex-col gap-2 rounded-2xl bg-white p-3 shadow-sm sm:p-4"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h3
                  id={fineHeading(fine.period)}
                  tabIndex={-1}
                  className="font-bold text-slate-900 focus:outline-none"
                >
                  {periodLabel(fine.period)}
                </h3>
                <span className="text-lg font-extrabold whitespace-nowrap text-slate-900 tabular-nums">
                  {aed(fine.fine)}
                </span>
              </div>
              <p className="text-sm text-slate-700">
                {i18n._('admin-members.fines.chargedOn', { date: formatDate(fine.fined_at) })}
              </p>
              {fine.salary_late_on && (
                <p className="text-sm text-slate-700">
                  {i18n._('admin-members.fines.salaryLate', {
                    date: formatDate(fine.salary_late_on),
                  })}
                </p>
              )}
              {action}
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <Section
        id="member-fines-title"
        title={i18n._('admin-members.fines.title')}
        note={isOwn ? i18n._('admin-members.fines.ownNote') : i18n._('admin-members.fines.note')}
        isEmpty={fines.isSuccess && fines.data.items.length === 0}
        emptyText={i18n._('admin-members.fines.empty')}
      >
        {content}
      </Section>
      <ReasonDialog
        isOpen={waiving !== null}
        onClose={() => setWaiving(null)}
        title={
          waiving
            ? i18n._('admin-members.fines.dialogTitle', { month: periodLabel(waiving.period) })
            : ''
        }
        reasonLabel={i18n._('admin-members.fines.reasonLabel')}
        reasonHint={i18n._('admin-members.fines.reasonHint')}
        isReasonRequired
        confirmLabel={i18n._('admin-members.fines.submit')}
        onConfirm={(reason) => runWaiver(waiving!, reason ?? '')}
      >
        {waiving && (
          <p className="text-slate-700">
            {i18n._('admin-members.fines.dialogBody', {
              name: isolated(member.name),
              amount: aed(waiving.fine),
            })}
          </p>
        )}
      </ReasonDialog>
      {confirming && (
        <ConfirmWaiverDialog
          proposal={confirming}
          isOpen
          onClose={() => setConfirming(null)}
          onConfirmed={() => {
            const asked = waiverOf(confirming);
            if (asked) focusLater(fineHeading(asked.period));
          }}
        />
      )}
    </>
  );
}

/** What was waived of a fine, when and why (the reason the member read). */
function Waived({ fine }: { fine: MemberFine }) {
  const i18n = useTexts();
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-green-50 p-3 text-green-950">
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone="success">{i18n._('admin-members.fines.waivedBadge')}</StatusBadge>
        <span>
          {i18n._('admin-members.fines.waived', {
            amount: aed(fine.waived),
            date: fine.waived_at ? formatDate(fine.waived_at) : '',
          })}
        </span>
      </p>
      {fine.waive_reason && (
        <p className="break-words">
          {i18n._('admin-members.fines.reason', { reason: fine.waive_reason })}
        </p>
      )}
    </div>
  );
}
