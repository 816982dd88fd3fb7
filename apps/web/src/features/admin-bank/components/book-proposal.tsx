import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import type { FundProposal } from '../../../api/proposals.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { useBookLine } from '../api/book-line.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { bookAskedOf } from '../lib/line-proposals.ts';
import type { LineDone } from './line-outcome.tsx';

/**
 * A line another admin (or this one) proposed to book to an account: which, and the memo.
 * Another admin confirms it by making the same call on the line (a question first); the
 * proposer reads why they cannot; anyone may withdraw it.
 */
export function BookProposal({
  proposal,
  line,
  isMine,
  onDone,
}: {
  proposal: FundProposal;
  line: BankLine;
  isMine: boolean;
  onDone: (done: LineDone) => void;
}) {
  const i18n = useTexts();
  const asked = bookAskedOf(proposal)!;
  const accounts = useAccounts();
  const name = accounts.data?.items.find((a) => a.code === asked.account)?.name ?? asked.account;
  const what = asked.memo
    ? i18n._('admin-bank.bookProposal.whatWithMemo', {
        account: isolated(name),
        memo: isolated(asked.memo),
      })
    : i18n._('admin-bank.bookProposal.what', { account: isolated(name) });
  const book = useBookLine();
  const [isConfirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async () => {
    setRefusal(null);
    try {
      const answer = await book.mutateAsync({
        lineId: line.id,
        body: asked.memo
          ? { account: asked.account, memo: asked.memo }
          : { account: asked.account },
      });
      // Out of the top layer first, so that the answer's heading keeps the focus.
      flushSync(() => setConfirming(false));
      onDone({ kind: 'booked', message: answer.message });
    } catch (error) {
      if (closeOnConflict(error, () => setConfirming(false))) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRefusal(errorMessage(error));
      else toastError(error);
    }
  };

  return (
    <>
      <ProposalPanel
        proposal={proposal}
        isMine={isMine}
        confirmLabel={i18n._('admin-bank.bookProposal.confirm')}
        onConfirm={() => setConfirming(true)}
      >
        <p>{what}</p>
      </ProposalPanel>
      <Modal
        isOpen={isConfirming}
        onClose={() => !book.isPending && setConfirming(false)}
        title={i18n._('admin-bank.bookProposal.dialogTitle')}
      >
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">
            {i18n._('admin-bank.bookProposal.dialogBody', {
              by: isolated(proposal.proposed_by.name),
              amount: aed(Math.abs(line.amount)),
              date: formatDate(line.booked_on),
              what,
            })}
          </p>
          {refusal && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
              {refusal}
            </p>
          )}
          <ModalActions>
            <Button
              variant="secondary"
              disabled={book.isPending}
              onClick={() => setConfirming(false)}
            >
              {i18n._('common.cancel')}
            </Button>
            <Button isBusy={book.isPending} onClick={() => void run()}>
              {i18n._('admin-bank.bookProposal.confirm')}
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </>
  );
}
