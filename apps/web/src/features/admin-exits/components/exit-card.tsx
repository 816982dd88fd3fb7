import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ExitSettlement } from '@jamiya/contracts/exits';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastError } from '../../../lib/messages.ts';
import {
  isOpenExit,
  useDownloadClearanceLetter,
  type AdminExit,
  type ExitState,
} from '../../../api/exits.ts';
import type { AdminOverview } from '../../../api/get-overview.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import { Button } from '../../../components/button.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import {
  ASKED_BY_TEXTS,
  FIELDS_TEXTS,
  SETTLED_TEXTS,
  SETTLEMENT_TEXTS,
  STATES_TEXTS,
} from '../texts.ts';
import { PayoutDialog } from './payout-dialog.tsx';

const TONE: Record<ExitState, BadgeTone> = {
  requested: 'warning',
  holding: 'info',
  closed: 'success',
  withdrawn: 'neutral',
};

/** The id of an exit's heading: the focus goes there once the button that was used is gone. */
export const exitHeading = (id: number) => `exit-${id}`;
const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus());

/**
 * One member's leaving: who, when, where to pay and who asked; what the payout would pay today
 * and why it cannot yet; what was settled; and what this admin may do: pay out (or propose it),
 * confirm another admin's proposal, or download the clearance letter once it is closed.
 */
export function ExitCard({
  exit,
  proposal,
  myId,
  overview,
}: {
  exit: AdminExit;
  /** The open payout proposal of this exit, if any. */
  proposal: FundProposal | undefined;
  myId: number | undefined;
  overview: AdminOverview | undefined;
}) {
  const i18n = useTexts();
  const blockersId = useId();
  const [isPaying, setPaying] = useState(false);
  const download = useDownloadClearanceLetter();
  const headingId = exitHeading(exit.id);
  const settlement = exit.settlement;
  const isOwn = myId !== undefined && myId === exit.member.id;
  const hasTwoAdmins = (overview?.active_admins ?? 0) >= 2;
  // Neither its proposer nor the leaving admin confirms a payout (the server refuses both).
  const isConfirming = proposal !== undefined && proposal.proposed_by.id !== myId && !isOwn;
  // Requested: the payout settles the exit, AED 0 included; holding: what guarantees released.
  const mayPay =
    isOpenExit(exit) &&
    settlement !== null &&
    // A holding exit pays what its guarantees released, or closes once they hold nothing.
    (exit.state === 'requested' || settlement.payout > 0 || settlement.held_for_guarantees === 0);
  const isBlocked = (settlement?.blockers.length ?? 0) > 0;
  const amount = proposal?.amount ?? settlement?.payout ?? 0;
  const focusHeading = () => focusLater(headingId);

  let action: ReactNode = null;
  if (proposal)
    action = (
      <ProposalPanel
        proposal={proposal}
        isMine={!isConfirming}
        note={isOwn ? i18n._('admin-exits.payout.own') : undefined}
        confirmLabel={i18n._('admin-exits.payout.confirm')}
        onConfirm={() => setPaying(true)}
        onWithdrawn={focusHeading}
      >
        <p>
          {i18n._('admin-exits.proposal.what', {
            amount: aed(proposal.amount ?? 0),
            name: exit.member.name,
          })}
        </p>
      </ProposalPanel>
    );
  else if (mayPay && isOwn)
    action = <p className="text-sm text-slate-700">{i18n._('admin-exits.payout.own')}</p>;
  else if (mayPay && settlement)
    action = (
      <div className="flex flex-col gap-1">
        <Button
          className="self-start disabled:opacity-60"
          disabled={isBlocked}
          aria-describedby={isBlocked ? blockersId : undefined}
          onClick={() => setPaying(true)}
        >
          {i18n._('admin-exits.payout.open', { amount: aed(settlement.payout) })}
        </Button>
        {hasTwoAdmins && (
          <p className="text-sm text-slate-700">{i18n._('admin-exits.payout.needsSecond')}</p>
        )}
      </div>
    );
  else if (exit.state === 'holding')
    action = <p className="text-sm text-slate-700">{i18n._('admin-exits.holdingNote')}</p>;
  else if (exit.state === 'closed')
    action = (
      <Button
        variant="secondary"
        className="self-start"
        isBusy={download.isPending}
        aria-describedby={headingId}
        onClick={() =>
          download.mutate({ id: exit.id, uniqueId: exit.member.unique_id }, { onError: toastError })
        }
      >
        {i18n._('admin-exits.clearanceLetter')}
      </Button>
    );

  return (
    <li aria-labelledby={headingId} className={`${card} flex flex-col gap-4`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3
          id={headingId}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          <Link to={`/admin/members/${exit.member.id}`} className={tableLink}>
            {exit.member.name}
          </Link>
        </h3>
        <span dir="ltr" className="text-sm text-slate-600">
          {exit.member.unique_id}
        </span>
        <StatusBadge tone={TONE[exit.state]}>{i18n._(STATES_TEXTS[exit.state]!)}</StatusBadge>
      </div>
      <Details exit={exit} />
      {settlement && <Settlement settlement={settlement} blockersId={blockersId} />}
      {exit.settled && <Settled settled={exit.settled} />}
      {action}
      {settlement && (mayPay || proposal) && (
        <PayoutDialog
          exit={exit}
          amount={amount}
          isOpen={isPaying}
          onClose={() => setPaying(false)}
          onDone={focusHeading}
          proposal={isConfirming ? proposal : undefined}
          isProposing={!isConfirming && hasTwoAdmins}
          overview={overview}
        />
      )}
    </li>
  );
}

function Details({ exit }: { exit: AdminExit }) {
  const i18n = useTexts();
  const fields: { key: string; value: ReactNode; isWide?: boolean }[] = [
    { key: 'leaveOn', value: formatDate(exit.leave_on) },
    // As the member wrote it: an IBAN, an exchange house, cash.
    { key: 'payTo', value: <span dir="auto">{exit.pay_to}</span>, isWide: true },
    {
      key: 'askedBy',
      value: i18n._(ASKED_BY_TEXTS[exit.asked_by]!, { date: formatDate(exit.requested_at) }),
    },
  ];
  if (exit.reason) fields.push({ key: 'reason', value: exit.reason, isWide: true });
  if (exit.left_on) fields.push({ key: 'leftOn', value: formatDate(exit.left_on) });
  if (exit.closed_at) fields.push({ key: 'closedOn', value: formatDate(exit.closed_at) });
  if (exit.withdrawn_at) fields.push({ key: 'withdrawnOn', value: formatDate(exit.withdrawn_at) });
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
      {fields.map(({ key, value, isWide }) => (
        <div key={key} className={`min-w-0 ${isWide ? 'sm:col-span-2' : ''}`}>
          <dt className="text-sm text-slate-600">{i18n._(FIELDS_TEXTS[key]!)}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Sign = '+' | '−' | '=' | '';

/** A line of figures: its sign (shown, the words say it too), its label and its amount. */
function Line({
  sign,
  label,
  amount,
  isTotal = false,
  isAlert = false,
}: {
  sign: Sign;
  label: string;
  amount: number;
  isTotal?: boolean;
  isAlert?: boolean;
}) {
  return (
    <div
      className={`flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 ${isTotal ? 'border-t-2 border-slate-300 font-extrabold' : ''} ${isAlert ? 'text-red-800' : 'text-slate-900'}`}
    >
      <dt className={isTotal ? '' : 'text-slate-700'}>
        <span aria-hidden className="inline-block w-4 text-center">
          {sign}
        </span>{' '}
        {label}
      </dt>
      <dd className="ms-auto text-end font-bold whitespace-nowrap tabular-nums">{aed(amount)}</dd>
    </div>
  );
}

/** What the payout would pay today, line by line, and why it cannot be made yet. */
function Settlement({
  settlement: s,
  blockersId,
}: {
  settlement: ExitSettlement;
  blockersId: string;
}) {
  const i18n = useTexts();
  const titleId = useId();
  const label = (key: string) => i18n._(SETTLEMENT_TEXTS[key]!);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
      <h4 id={titleId} className="font-bold text-slate-900">
        {i18n._('admin-exits.settlement.title', { date: formatDate(s.as_of) })}
      </h4>
      <dl className="flex flex-col sm:max-w-md">
        <Line sign="" label={label('savings')} amount={s.savings} />
        {s.share_out > 0 && <Line sign="+" label={label('share_out')} amount={s.share_out} />}
        <Line sign="−" label={label('loan_owed')} amount={s.loan_owed} />
        <Line sign="−" label={label('fines_owed')} amount={s.fines_owed} />
        {s.held_for_guarantees > 0 && (
          <Line sign="−" label={label('held_for_guarantees')} amount={s.held_for_guarantees} />
        )}
        <Line sign="=" label={label('payout')} amount={s.payout} isTotal />
        {s.shortfall > 0 && (
          <Line sign="" label={label('shortfall')} amount={s.shortfall} isAlert />
        )}
      </dl>
      {s.dues_unpaid > 0 && (
        <p className="text-sm text-slate-700">
          {i18n._('admin-exits.settlement.duesUnpaid', {
            count: s.dues_unpaid_months,
            amount: aed(s.dues_unpaid),
          })}
        </p>
      )}
      {s.held_for_guarantees > 0 && (
        <p className="text-sm text-slate-700">{i18n._('admin-exits.settlement.heldNote')}</p>
      )}
      {s.blockers.length > 0 && (
        <div
          id={blockersId}
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          <p className="font-semibold">{i18n._('admin-exits.settlement.blockersTitle')}</p>
          {/* The server's sentences, in the reader's language already. */}
          <ul className="ms-5 list-disc">
            {s.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** What the payout settled, as the clearance letter says it. */
function Settled({ settled }: { settled: NonNullable<AdminExit['settled']> }) {
  const i18n = useTexts();
  const titleId = useId();
  const keys = [
    'savings',
    'share_out',
    'loan_repaid',
    'fines_paid',
    'dues_closed',
    'paid_out',
    'held',
  ] as const;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h4 id={titleId} className="font-bold text-slate-900">
        {i18n._('admin-exits.settled.title')}
      </h4>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
        {keys.map((key) => (
          <div key={key} className="min-w-0">
            <dt className="text-sm text-slate-600">{i18n._(SETTLED_TEXTS[key]!)}</dt>
            <dd className="font-bold text-slate-900 tabular-nums">{aed(settled[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
