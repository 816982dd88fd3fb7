import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { BankLine } from '@jamiya/contracts/bank';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';
import type { FundProposal } from '../../../api/proposals.ts';
import { sayRefusal } from '../../../lib/messages.ts';
import type { LineDone } from './line-outcome.tsx';

/** What a line's open proposal is drawn from. */
export interface LineProposalProps {
  proposal: FundProposal;
  line: BankLine;
  isMine: boolean;
  onDone: (done: LineDone) => void;
}

/**
 * A line's open proposal (to assign it, to book it) with the question another admin confirms it
 * by: `confirm` makes the same call on the line, whose answer `onConfirmed` hears once the
 * question is closed. A refusal is said in the question.
 */
export function ConfirmLineProposal<Answer>({
  proposal,
  isMine,
  confirmLabel,
  title,
  question,
  isPending,
  canConfirm = true,
  confirm,
  onConfirmed,
  children,
}: {
  proposal: FundProposal;
  isMine: boolean;
  confirmLabel: string;
  title: string;
  question: string;
  isPending: boolean;
  canConfirm?: boolean;
  confirm: () => Promise<Answer>;
  onConfirmed: (answer: Answer) => void;
  /** What is proposed, in a sentence. */
  children: ReactNode;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async () => {
    setRefusal(null);
    try {
      const answer = await confirm();
      // Out of the top layer first, so that the answer's heading keeps the focus.
      flushSync(() => setConfirming(false));
      onConfirmed(answer);
    } catch (error) {
      if (closeOnConflict(error, () => setConfirming(false))) return;
      sayRefusal(error, setRefusal);
    }
  };

  return (
    <>
      <ProposalPanel
        proposal={proposal}
        isMine={isMine}
        confirmLabel={confirmLabel}
        onConfirm={() => setConfirming(true)}
      >
        {children}
      </ProposalPanel>
      <Modal isOpen={isConfirming} onClose={() => !isPending && setConfirming(false)} title={title}>
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">{question}</p>
          <FormProblem message={refusal} />
          <ModalActions>
            <CancelButton disabled={isPending} onClick={() => setConfirming(false)} />
            <Button isBusy={isPending} disabled={!canConfirm} onClick={() => void run()}>
              {confirmLabel}
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </>
  );
}
