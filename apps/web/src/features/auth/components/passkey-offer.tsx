import { useTexts } from '../../../lib/i18n.tsx';
import { declinePasskeyOffer, toastPasskeyError, useAddPasskey } from '../../../api/passkeys.ts';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { toastSuccess } from '../../../lib/messages.ts';

/**
 * After a password sign-in on a phone that can keep a passkey (issue 54): "Sign in with your
 * fingerprint or screen lock next time". Added or not, the member then goes on where the
 * sign-in leads; "Not now" is kept on this phone.
 */
export function PasskeyOffer({
  accountId,
  onDone,
}: {
  accountId: number | null;
  onDone: () => void;
}) {
  const i18n = useTexts();
  const add = useAddPasskey();
  const later = () => {
    if (accountId !== null) declinePasskeyOffer(accountId);
    onDone();
  };
  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: (res) => {
        toastSuccess(res.message);
        onDone();
      },
      onError: (error) => {
        toastPasskeyError(error);
      },
    });
  return (
    <Modal
      isOpen={accountId !== null}
      // Not closed while the phone is adding it: the answer would come to a page left behind.
      onClose={() => !add.isPending && later()}
      title={i18n._('auth.passkeyOffer.title')}
    >
      <p className="text-slate-700">{i18n._('auth.passkeyOffer.body')}</p>
      <ModalActions>
        <Button variant="secondary" onClick={later} disabled={add.isPending}>
          {i18n._('auth.passkeyOffer.later')}
        </Button>
        <Button onClick={onAdd} isBusy={add.isPending}>
          {i18n._('auth.passkeyOffer.add')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
