import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastSuccess } from '../../../lib/messages.ts';
import { useMyId } from '../../../api/proposals.ts';
import type { BonusProposal } from '../api/bonus-proposal.ts';
import { ChoiceNote } from './choice-fields.tsx';
import { CloseDialog } from './close-dialog.tsx';

/** The box's heading: the focus comes to it once a share-out is proposed (its button is gone). */
export const PROPOSAL_HEADING = 'bonus-proposal';

/**
 * A share-out proposed by one admin: its dates, amount and proposer. Another admin confirms
 * it (the same dates, after a confirmation); the proposer reads that they cannot; anyone may
 * withdraw it.
 */
export function ProposalBox({ open }: { open: BonusProposal }) {
  const i18n = useTexts();
  const { proposal } = open;
  const myId = useMyId();
  const isMine = myId !== undefined && proposal.proposed_by.id === myId;
  const [isConfirming, setConfirming] = useState(false);
  // More than the interest: the texts say the surplus.
  const surplus = Object.values(open.choice).some(Boolean) ? 'yes' : 'no';
  const span = i18n._('admin-bonus.span', {
    from: formatDate(open.starts_on),
    to: formatDate(open.ends_on),
  });

  return (
    <>
      <ProposalPanel
        proposal={proposal}
        isMine={isMine}
        confirmLabel={i18n._('admin-bonus.proposal.confirm')}
        onConfirm={() => setConfirming(true)}
        headingId={PROPOSAL_HEADING}
        note={isMine ? i18n._('admin-bonus.proposal.own') : i18n._('admin-bonus.proposal.others')}
      >
        <p>
          {i18n._('admin-bonus.proposal.what', {
            span,
            interest: aed(proposal.amount ?? 0),
            surplus,
          })}
        </p>
        <ChoiceNote choice={open.choice} />
      </ProposalPanel>
      <CloseDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        // The same dates and choice as the proposal: the server refuses others (409).
        period={{ starts_on: open.starts_on, ends_on: open.ends_on, ...open.choice }}
        span={span}
        body={i18n._('admin-bonus.proposal.confirmBody', {
          name: proposal.proposed_by.name,
          interest: aed(proposal.amount ?? 0),
          surplus,
        })}
        confirmLabel={i18n._('admin-bonus.proposal.confirm')}
        onClosed={(answer) => toastSuccess(answer.message)}
      />
    </>
  );
}
