// One member's leaving, as the treasurer's exits page lists it, and what this admin may do of it.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
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
import { STATES_TEXTS } from '../texts.ts';
import { ExitDetails } from './exit-details.tsx';
import { SettledFigures, SettlementFigures } from './exit-settlement.tsx';
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
      <ExitDetails exit={exit} />
      {settlement && <SettlementFigures settlement={settlement} blockersId={blockersId} />}
      {exit.settled && <SettledFigures settled={exit.settled} />}
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
