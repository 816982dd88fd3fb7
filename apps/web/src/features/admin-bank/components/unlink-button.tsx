import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { sayRefusal } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useUnlinkLine } from '../api/unlink-line.ts';
import type { LineDone } from './line-outcome.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

/**
 * A match or a hand link that was wrong, undone after a question: the line is open again and
 * the payment stays as it is. A refusal (a correction depends on it) stays written in the
 * question, in the server's words.
 */
export function UnlinkButton({
  line,
  onDone,
}: {
  line: BankLine;
  onDone: (done: LineDone) => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const unlink = useUnlinkLine();
  const [isAsking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const named = { amount: aed(Math.abs(line.amount)), date: formatDate(line.booked_on) };
  const close = () => {
    setRefusal(null);
    setAsking(false);
  };

  const run = async () => {
    setRefusal(null);
    try {
      const answer = await unlink.mutateAsync({ lineId: line.id });
      // Out of the top layer first, so that the answer's heading keeps the focus.
      flushSync(close);
      onDone({ kind: 'unlinked', message: answer.message });
    } catch (error) {
      sayRefusal(error, setRefusal);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={!isOnline}
        aria-label={i18n._('admin-bank.unlink.label', named)}
        onClick={() => setAsking(true)}
      >
        {i18n._('admin-bank.unlink.button')}
      </Button>
      <Modal
        isOpen={isAsking}
        onClose={() => !unlink.isPending && close()}
        title={i18n._('admin-bank.unlink.title')}
      >
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">{i18n._('admin-bank.unlink.body', named)}</p>
          <FormProblem message={refusal} />
          <ModalActions>
            <CancelButton disabled={unlink.isPending} onClick={close} />
            <Button
              variant="danger"
              isBusy={unlink.isPending}
              disabled={refusal !== null}
              className="disabled:opacity-60"
              onClick={() => void run()}
            >
              {i18n._('admin-bank.unlink.confirm')}
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </>
  );
}
