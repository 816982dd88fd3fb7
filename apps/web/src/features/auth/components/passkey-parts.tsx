import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import {
  declinePasskeyOffer,
  shouldOfferPasskey,
  signInWithPasskey,
  toastPasskeyError,
  useAddPasskey,
} from '../../../api/passkeys.ts';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { toastSuccess } from '../../../lib/messages.ts';
import { enterSession } from '../../../api/start-session.ts';

// The sign-in page's passkey parts (issue 54), loaded only on a phone that can keep a passkey:
// every member's first session passes the sign-in page, and its bytes are counted (issue 52).
// Their texts are the profile's, where the passkeys are kept.

export { shouldOfferPasskey };

/**
 * "Sign in with your fingerprint or screen lock", above the password form; signed in, on to
 * where the password form would lead.
 */
export function PasskeySignIn() {
  const i18n = useTexts();
  // The profile's texts, where the passkeys are kept: shown once they are in.
  const [hasTexts, setHasTexts] = useState(false);
  useEffect(() => void i18n.loadNamespaces('profile').then(() => setHasTexts(true)), [i18n]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [isBusy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { to } = await enterSession(queryClient, await signInWithPasskey(), location.state);
      await navigate(to, { replace: true });
    } catch (error) {
      toastPasskeyError(error);
    } finally {
      setBusy(false);
    }
  };
  if (!hasTexts) return null;
  return (
    <div className="mb-4 flex flex-col gap-2">
      <Button isBusy={isBusy} onClick={() => void onClick()}>
        {i18n._('profile.passkeys.signIn')}
      </Button>
      <p className="text-center text-sm text-slate-600">{i18n._('profile.passkeys.orPassword')}</p>
    </div>
  );
}

/**
 * After a password sign-in: "Sign in with your fingerprint or screen lock next time". Added or
 * not, the member then goes on where the sign-in leads; "Not now" is kept on this phone.
 */
export function PasskeyOffer({ accountId, onDone }: { accountId: number; onDone: () => void }) {
  const i18n = useTexts();
  const add = useAddPasskey();
  const later = () => {
    declinePasskeyOffer(accountId);
    onDone();
  };
  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: (res) => {
        toastSuccess(res.message);
        onDone();
      },
      onError: toastPasskeyError,
    });
  return (
    <Modal
      isOpen
      // Not closed while the phone is adding it: the answer would come to a page left behind.
      onClose={() => !add.isPending && later()}
      title={i18n._('profile.passkeys.offer.title')}
    >
      <p className="text-slate-700">{i18n._('profile.passkeys.offer.body')}</p>
      <ModalActions>
        <Button variant="secondary" onClick={later} disabled={add.isPending}>
          {i18n._('profile.passkeys.offer.later')}
        </Button>
        <Button onClick={onAdd} isBusy={add.isPending}>
          {i18n._('profile.passkeys.offer.add')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
