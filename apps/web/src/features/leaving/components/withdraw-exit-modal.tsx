import { flushSync } from 'react-dom';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useWithdrawExit } from '../api/ask-to-leave.ts';

/**
 * Asks before the request to leave is withdrawn. Done, or refused because it changed meanwhile
 * (409: the committee paid out), it closes first, so that the page's toast says so; a lost
 * connection or a fault of the server is said in it, to try again.
 */
export function WithdrawExitModal({
  isOpen,
  onClose,
  onWithdrawn,
}: {
  isOpen: boolean;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const withdraw = useWithdrawExit();

  const confirm = async () => {
    try {
      const answer = await withdraw.mutateAsync();
      flushSync(onClose);
      toastSuccess(answer.message);
      onWithdrawn();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) flushSync(onClose);
      toastError(error);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !withdraw.isPending && onClose()}
      title={i18n._('leaving.withdraw.title')}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{i18n._('leaving.withdraw.body')}</p>
        <NeedsNetwork />
        <ModalActions>
          <Button variant="secondary" disabled={withdraw.isPending} onClick={onClose}>
            {i18n._('leaving.withdraw.keep')}
          </Button>
          <Button
            variant="danger"
            isBusy={withdraw.isPending}
            disabled={!isOnline}
            className="disabled:opacity-60"
            onClick={() => void confirm()}
          >
            {i18n._('leaving.withdraw.confirm')}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
