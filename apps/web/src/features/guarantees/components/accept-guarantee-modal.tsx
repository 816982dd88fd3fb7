import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import type { Guarantee } from '../../../api/get-guarantees.ts';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage, toastSuccess } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useAnswerGuarantee } from '../api/answer-guarantee.ts';

/**
 * Asks before a guarantee is accepted, saying what it does to the member's savings. A refusal
 * (already answered, more than the savings free, gone) is said inside, where the member looks.
 */
export function AcceptGuaranteeModal({
  guarantee,
  onClose,
}: {
  guarantee: Guarantee | null;
  onClose: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const answer = useAnswerGuarantee();
  const [problem, setProblem] = useState<string | null>(null);
  const [shakeSignal, setShakeSignal] = useState(0);

  const close = () => {
    setProblem(null);
    answer.reset();
    onClose();
  };

  const accept = async () => {
    if (!guarantee) return;
    setProblem(null);
    try {
      const res = await answer.mutateAsync({ id: guarantee.id, answer: 'accept' });
      toastSuccess(res.message);
      close();
    } catch (error) {
      setProblem(errorMessage(error));
      setShakeSignal((n) => n + 1);
    }
  };

  const name = isolated(guarantee?.borrower.name ?? '');
  const amount = aed(guarantee?.amount ?? 0);
  return (
    <Modal
      isOpen={guarantee !== null}
      onClose={close}
      title={i18n._('guarantees.acceptTitle', { name })}
      shakeSignal={shakeSignal}
    >
      <div className="flex flex-col gap-4">
        <p className="font-semibold text-slate-900">
          {i18n._('guarantees.acceptHeld', { amount })}
        </p>
        <p className="text-slate-700">{i18n._('guarantees.acceptBody', { name })}</p>
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
            {problem}
          </p>
        )}
        <NeedsNetwork />
        <ModalActions>
          <Button variant="secondary" onClick={close}>
            {i18n._('guarantees.notNow')}
          </Button>
          <Button onClick={() => void accept()} isBusy={answer.isPending} disabled={!isOnline}>
            {i18n._('guarantees.acceptConfirm')}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
