import { useTexts } from '../../../lib/i18n.tsx';
import type { BonusPeriodRequest } from '@jamiya/contracts/bonus';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import { toastError } from '../../../lib/messages.ts';
import { useCloseBonusPeriod, type CloseAnswer } from '../api/close-bonus-period.ts';

/**
 * The last question before a period is closed: asked of the admin who closes it (or proposes
 * to) and of the one who confirms a proposal, as both ask the server to close `period`.
 * `onClosed` says what the answer means, once the dialog has closed.
 */
export function CloseDialog({
  isOpen,
  onClose,
  period,
  span,
  body,
  confirmLabel,
  onClosed,
}: {
  isOpen: boolean;
  onClose: () => void;
  period: BonusPeriodRequest;
  span: string;
  body: string;
  confirmLabel: string;
  onClosed: (answer: CloseAnswer) => void;
}) {
  const i18n = useTexts();
  const close = useCloseBonusPeriod();
  const confirm = async () => {
    try {
      const answer = await close.mutateAsync(period);
      onClose();
      onClosed(answer);
    } catch (error) {
      if (closeOnConflict(error, onClose)) return;
      toastError(error);
    }
  };
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={i18n._('admin-bonus.confirm.title', { span })}>
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{body}</p>
        <p className="text-sm text-slate-700">{i18n._('admin-bonus.confirm.final')}</p>
        <ModalActions>
          <CancelButton onClick={onClose} />
          <Button isBusy={close.isPending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
