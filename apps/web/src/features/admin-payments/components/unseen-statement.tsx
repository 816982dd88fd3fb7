import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import type { UnseenStatement } from '../api/unseen-payments.ts';
import { unseenQuestion, unseenWarning } from './payment-text.ts';

/** Above a receipt's review: the bank statement of its date shows no transfer for it. */
export function UnseenWarning({ statement }: { statement: UnseenStatement }) {
  const i18n = useTexts();
  return (
    <p
      role="note"
      aria-label={i18n._('admin-payments.payments.unseenHeading')}
      className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950"
    >
      {unseenWarning(i18n, statement)}
    </p>
  );
}

/** Asked once before a receipt the bank has not shown is approved. */
export function UnseenQuestion({
  statement,
  isOpen,
  onApprove,
  onCancel,
}: {
  statement: UnseenStatement;
  isOpen: boolean;
  onApprove: () => void;
  onCancel: () => void;
}) {
  const i18n = useTexts();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onCancel}
      title={i18n._('admin-payments.payments.unseenHeading')}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{unseenQuestion(i18n, statement)}</p>
        <ModalActions>
          <Button variant="secondary" onClick={onCancel}>
            {i18n._('admin-payments.payments.cancel')}
          </Button>
          <Button onClick={onApprove}>{i18n._('admin-payments.payments.approveAnyway')}</Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
