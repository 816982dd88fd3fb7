import type { ImportApplied, ImportDryRun, ImportProposed } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastError } from '../../../lib/messages.ts';
import { isProposed, useApplyImport } from '../api/apply-import.ts';
import type { ImportInput } from '../api/check-import.ts';
import { SendingStatus } from '../../../components/sending-status.tsx';

/**
 * The one question before an import writes the association's books, asked once. `onApplied`,
 * `onProposed` and `onRefused` are told what the server said once the dialog has closed; a
 * lost connection or a fault of the server leaves it open, to try again.
 */
export function ApplyDialog({
  isOpen,
  onClose,
  dryRun,
  input,
  onApplied,
  onProposed,
  onRefused,
}: {
  isOpen: boolean;
  onClose: () => void;
  dryRun: ImportDryRun;
  input: ImportInput;
  onApplied: (answer: ImportApplied) => void;
  onProposed: (answer: ImportProposed) => void;
  onRefused: (error: ApiError) => void;
}) {
  const i18n = useTexts();
  const { apply, progress } = useApplyImport();
  const run = async () => {
    try {
      const answer = await apply.mutateAsync(input);
      onClose();
      if (isProposed(answer)) onProposed(answer);
      else onApplied(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        onClose();
        onRefused(error);
      } else toastError(error);
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !apply.isPending && onClose()}
      title={i18n._('admin-import.apply.title')}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">
          {i18n._('admin-import.apply.body', {
            members: dryRun.members,
            savings: aed(dryRun.savings_total),
            loans: dryRun.loans,
            date: formatDate(dryRun.as_of),
            cash: aed(dryRun.opening_cash),
          })}
        </p>
        <p className="text-sm text-slate-700">{i18n._('admin-import.apply.once')}</p>
        <SendingStatus progress={progress} checking={i18n._('admin-import.apply.applying')} />
        <ModalActions>
          <CancelButton disabled={apply.isPending} onClick={onClose} />
          <Button isBusy={apply.isPending} onClick={() => void run()}>
            {i18n._('admin-import.apply.submit')}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
