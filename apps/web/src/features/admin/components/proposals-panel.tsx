import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { useMyId, type FundProposal } from '../../../api/proposals.ts';
import { canConfirmWaiver, waiverOf } from '../../../api/waive-fine.ts';
import { Button } from '../../../components/button.tsx';
import { ConfirmWaiverDialog } from '../../../components/confirm-waiver-dialog.tsx';
import { KIND_TEXTS, ProposedBy, WithdrawButton } from '../../../components/proposal-panel.tsx';

/**
 * The overview's list of what waits for a second admin (money leaving the fund, and what could
 * stand in for it), or, with a single active admin, the sentence that says that admin acts alone.
 */
export function ProposalsPanel({
  proposals,
  activeAdmins,
}: {
  proposals: FundProposal[];
  activeAdmins: number;
}) {
  const i18n = useTexts();
  return (
    <section aria-labelledby="overview-proposals" className="flex flex-col gap-3">
      <h2
        id="overview-proposals"
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none"
      >
        {i18n._('admin.overview.proposalsTitle')}
      </h2>
      {activeAdmins < 2 && (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin.overview.singleAdmin')}
        </p>
      )}
      {proposals.length > 0 ? (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {proposals.map((p) => (
            <ProposalItem key={p.id} proposal={p} />
          ))}
        </ul>
      ) : (
        activeAdmins >= 2 && (
          <p className="rounded-xl bg-white p-3 text-slate-700 shadow-sm">
            {i18n._('admin.overview.proposalsNone')}
          </p>
        )
      )}
    </section>
  );
}

const focusList = () => document.getElementById('overview-proposals')?.focus();

function ProposalItem({ proposal: p }: { proposal: FundProposal }) {
  const i18n = useTexts();
  const titleId = useId();
  const myId = useMyId();
  const [isConfirming, setConfirming] = useState(false);
  const dates = bonusDates(p);
  const waiver = waiverOf(p);
  // A fine's waiver is confirmed here, by repeating its call.
  const mayConfirm = canConfirmWaiver(p, myId);
  const link = linkOf(p, i18n);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-white p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="font-bold text-slate-900">
          {i18n._(KIND_TEXTS[p.action])}
          {p.loan_id !== null && ` · ${i18n._('admin.loans.loanNumber', { id: p.loan_id })}`}
        </h3>
        {p.amount !== null && (
          <span className="text-lg font-extrabold text-slate-900 tabular-nums">
            {aed(p.amount)}
          </span>
        )}
      </div>
      {p.member && (
        <p className="text-slate-800">
          {i18n._('admin.overview.proposalMember', { name: p.member.name, id: p.member.unique_id })}
        </p>
      )}
      {waiver && (
        <p className="text-slate-800">
          {i18n._('admin.fineWaiver.what', { month: periodLabel(waiver.period) })}
        </p>
      )}
      {lockedMonthOf(p) && (
        <p className="text-slate-800">
          {i18n._('admin.overview.months.proposalMonth', { month: periodLabel(lockedMonthOf(p)!) })}
        </p>
      )}
      {yearOf(p) && (
        <p className="text-slate-800">
          {i18n._('admin.overview.years.proposalYear', { year: yearOf(p)!.year })}
          {yearOf(p)!.reason &&
            ` · ${i18n._('admin.overview.years.proposalReason', { reason: yearOf(p)!.reason! })}`}
        </p>
      )}
      {p.action === 'exit.payout' && (
        <p className="text-slate-800">{i18n._('admin.exitPayout.what')}</p>
      )}
      {dates && (
        <p className="text-slate-800">
          {i18n._('admin.overview.proposalSpan', {
            from: formatDate(dates.from),
            to: formatDate(dates.to),
          })}
        </p>
      )}
      <p className="text-sm text-slate-700">
        <ProposedBy proposal={p} />
      </p>
      {p.reason && (
        <p className="text-sm break-words text-slate-700">
          {i18n._('admin.loan.reason', { reason: p.reason })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={link.to}
          aria-describedby={titleId}
          className="inline-flex min-h-11 items-center rounded-lg px-1 font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {link.text}
        </Link>
        {mayConfirm && (
          <Button aria-describedby={titleId} onClick={() => setConfirming(true)}>
            {i18n._('admin.fineWaiver.confirm')}
          </Button>
        )}
        <WithdrawButton
          proposal={p}
          describedBy={titleId}
          // The item goes with its button: the focus stays in the list's section.
          onWithdrawn={focusList}
        />
      </div>
      {mayConfirm && (
        <ConfirmWaiverDialog
          proposal={p}
          isOpen={isConfirming}
          onClose={() => setConfirming(false)}
          onConfirmed={focusList}
        />
      )}
    </li>
  );
}

/** A share-out's dates, as the proposal keeps them for the confirming call. */
export function bonusDates(p: FundProposal): { from: string; to: string } | null {
  const d = p.details as { startsOn?: unknown; endsOn?: unknown } | null;
  return typeof d?.startsOn === 'string' && typeof d.endsOn === 'string'
    ? { from: d.startsOn, to: d.endsOn }
    : null;
}

/** The month a lock's proposal is of. */
function lockedMonthOf(p: FundProposal): string | null {
  const d = p.details as { month?: unknown } | null;
  return p.action === 'month.lock' && typeof d?.month === 'string' ? d.month : null;
}

/** The year a close's or a reopening's proposal is of, and the reopening's reason. */
function yearOf(p: FundProposal): { year: string; reason: string | null } | null {
  const d = p.details as { year?: unknown; reason?: unknown } | null;
  if ((p.action !== 'year.close' && p.action !== 'year.reopen') || typeof d?.year !== 'number')
    return null;
  return { year: String(d.year), reason: typeof d.reason === 'string' ? d.reason : null };
}

/** Where a proposal is read in full, and confirmed when it is not confirmed here. */
function linkOf(p: FundProposal, i18n: ReturnType<typeof useTexts>): { to: string; text: string } {
  if (p.action === 'bank.assign' || p.action === 'bank.book')
    return { to: '/admin/bank', text: i18n._('admin.overview.openBank') };
  // Confirmed there, beside the journal.
  if (p.action === 'journal.post' || p.action === 'entry.reverse')
    return { to: '/admin/ledger', text: i18n._('admin.overview.openLedger') };
  // Confirmed there, beside the settlement's figures.
  if (p.action === 'settings.money_paths')
    return { to: '/admin/settings', text: i18n._('admin.overview.openSettings') };
  if (p.action === 'exit.payout')
    return { to: '/admin/exits', text: i18n._('admin.overview.openExits') };
  // Confirmed on the overview itself, in its months.
  if (p.action === 'month.lock')
    return { to: '/admin#overview-months', text: i18n._('admin.overview.months.open') };
  if (p.action === 'year.close' || p.action === 'year.reopen')
    return { to: '/admin#overview-years', text: i18n._('admin.overview.years.open') };
  if (p.loan_id !== null)
    return {
      to: `/admin/loans/${p.loan_id}`,
      text: i18n._('admin.overview.openLoan', { id: p.loan_id }),
    };
  if (p.member)
    return { to: `/admin/members/${p.member.id}`, text: i18n._('admin.overview.openMember') };
  if (p.action === 'import.apply')
    return { to: '/admin/import', text: i18n._('admin.overview.openImport') };
  return { to: '/admin/bonus', text: i18n._('admin.overview.openBonus') };
}
