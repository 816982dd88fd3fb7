import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../lib/api-client.ts';
import { sayRefusal, toastSuccess } from '../lib/messages.ts';
import { Button } from './button.tsx';
import { CancelButton, Modal, ModalActions } from './modal.tsx';
import { closeOnConflict } from './reason-dialog.tsx';
import { FormProblem } from './form-problem.tsx';

/**
 * One question before a call that cannot be taken back (a payout, a proposal's confirmation,
 * the end of a membership), with nothing to type: what is asked (`children`), Cancel and the
 * confirm button. `onConfirm` makes the call and returns the server's message for the success
 * toast (or null for none); `onDone` runs once the dialog has closed, the button that opened it
 * being gone. A 409 (someone else acted first) closes it and the sentence shows on the page; a
 * 422 goes to `onInvalid` when given (the form it came from shows the fields' errors) and closes
 * it; another refusal stays written in it; a lost connection or a fault of the server is a toast,
 * to try again.
 */
export function ConfirmDialog({
  isOpen,
  onClose,
  title,
  children,
  confirmLabel,
  isDanger = false,
  isConfirmDisabled = false,
  onConfirm,
  onDone,
  onInvalid,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  isConfirmDisabled?: boolean;
  onConfirm: () => Promise<string | null>;
  onDone?: () => void;
  onInvalid?: (error: ApiError) => void;
}) {
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };

  const run = async () => {
    setRefusal(null);
    setBusy(true);
    try {
      const message = await onConfirm();
      // Out of the top layer first, so that the toast shows on the page.
      flushSync(close);
      if (message) toastSuccess(message);
      onDone?.();
    } catch (error) {
      if (closeOnConflict(error, close)) return;
      if (error instanceof ApiError && error.status === 422 && onInvalid) {
        flushSync(close);
        onInvalid(error);
      } else sayRefusal(error, setRefusal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal isOpen={isOpen} onClose={() => !isBusy && close()} title={title}>
      <div className="flex flex-col gap-4">
        {children}
        <FormProblem message={refusal} />
        <ModalActions>
          <CancelButton disabled={isBusy} onClick={close} />
          <Button
            variant={isDanger ? 'danger' : 'primary'}
            isBusy={isBusy}
            disabled={isConfirmDisabled}
            className="disabled:opacity-60"
            onClick={() => void run()}
          >
            {confirmLabel}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
