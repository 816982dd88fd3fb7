import { useTranslation } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { toastError } from '../../../lib/messages.ts';
import { useCreatePasswordLink } from '../api/create-password-link.ts';
import { PasswordLinkPanel } from './password-link-panel.tsx';
import type { MemberDialogProps } from './member-dialog.ts';

/** Creates a one-time link for the member to set a new password, and shows it once. */
export function PasswordResetModal({ member, isOpen, onClose }: MemberDialogProps) {
  const { t } = useTranslation('admin-members');
  const create = useCreatePasswordLink();

  const close = () => {
    // The link lives only in the mutation's answer: forgetting it hides it for good.
    create.reset();
    onClose();
  };

  return (
    <Modal isOpen={isOpen} onClose={close} title={t('reset.title')}>
      {create.data ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">{t('reset.done', { name: member.name })}</p>
          <PasswordLinkPanel
            link={create.data.set_password_link}
            emailed={create.data.emailed}
            email={member.email}
          />
          <ModalActions>
            <Button onClick={close}>{t('reset.finish')}</Button>
          </ModalActions>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{t('reset.body', { name: member.name })}</p>
          <ModalActions>
            <Button variant="secondary" onClick={close}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button
              isBusy={create.isPending}
              onClick={() => create.mutate(member.id, { onError: toastError })}
            >
              {t('reset.create')}
            </Button>
          </ModalActions>
        </div>
      )}
    </Modal>
  );
}
