import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { useMyId, useWithdrawProposal } from '../../../api/proposals.ts';
import type { BonusProposal } from '../api/bonus-proposal.ts';
import { CloseDialog } from './close-dialog.tsx';

/** The box's heading: the focus comes to it once a share-out is proposed (its button is gone). */
export const PROPOSAL_HEADING = 'bonus-proposal';

/**
 * A share-out proposed by one admin: its dates, amount and proposer. Another admin confirms
 * it (the same dates, after a confirmation); the proposer reads that they cannot; anyone may
 * withdraw it.
 */
export function ProposalBox({ open }: { open: BonusProposal }) {
  const { t } = useTranslation('admin-bonus');
  const { proposal } = open;
  const myId = useMyId();
  const isMine = myId !== undefined && proposal.proposed_by.id === myId;
  const [isConfirming, setConfirming] = useState(false);
  const withdraw = useWithdrawProposal();
  const titleId = PROPOSAL_HEADING;
  const span = t('span', { from: formatDate(open.starts_on), to: formatDate(open.ends_on) });

  const onWithdraw = async () => {
    try {
      toastSuccess((await withdraw.mutateAsync({ id: proposal.id })).message);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 sm:p-4"
    >
      <h3 id={titleId} tabIndex={-1} className="font-bold focus:outline-none">
        {t('proposal.waiting')}
      </h3>
      <p>{t('proposal.what', { span, interest: aed(proposal.amount ?? 0) })}</p>
      <p>
        {t('proposal.proposedBy', {
          name: proposal.proposed_by.name,
          date: formatDateTime(proposal.proposed_at),
        })}
      </p>
      <p className="text-sm">{isMine ? t('proposal.own') : t('proposal.others')}</p>
      <div className="flex flex-wrap gap-2">
        {!isMine && <Button onClick={() => setConfirming(true)}>{t('proposal.confirm')}</Button>}
        <Button
          variant="secondary"
          isBusy={withdraw.isPending}
          aria-describedby={titleId}
          onClick={() => void onWithdraw()}
        >
          {t('proposal.withdraw')}
        </Button>
      </div>
      <CloseDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        // The same dates as the proposal: the server refuses others (409).
        period={{ starts_on: open.starts_on, ends_on: open.ends_on }}
        span={span}
        body={t('proposal.confirmBody', {
          name: proposal.proposed_by.name,
          interest: aed(proposal.amount ?? 0),
        })}
        confirmLabel={t('proposal.confirm')}
        onClosed={(answer) => toastSuccess(answer.message)}
      />
    </section>
  );
}
