import { useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { MembershipApplication } from '@jamiya/contracts/members';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { toastError } from '../../../lib/messages.ts';
import { useAcceptApplication, useRejectApplication } from '../api/decide-application.ts';
import { tableLink } from '../../../components/styles.ts';
import { PasswordLinkPanel } from './password-link-panel.tsx';

/** Confirms an acceptance; then shows the new member's one-time link, once. */
export function AcceptApplicationModal({
  application,
  onClose,
}: {
  application: MembershipApplication | null;
  onClose: () => void;
}) {
  const i18n = useTexts();
  const accept = useAcceptApplication();
  const close = () => {
    accept.reset();
    onClose();
  };
  const done = accept.data;
  return (
    <Modal
      isOpen={application !== null}
      onClose={close}
      title={done ? i18n._('admin-members.accept.doneTitle') : i18n._('admin-members.accept.title')}
    >
      {done ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">
            {i18n._('admin-members.accept.done', {
              name: done.member.name,
              id: done.member.unique_id,
            })}
          </p>
          <PasswordLinkPanel
            handover={done.handover}
            emailed={done.emailed}
            email={done.member.email}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Link to={`/admin/members/${done.member.id}`} className={tableLink}>
              {i18n._('admin-members.accept.openMember')}
            </Link>
            <Button onClick={close}>{i18n._('admin-members.accept.finish')}</Button>
          </div>
        </div>
      ) : (
        application && (
          <div className="flex flex-col gap-4">
            <p className="text-slate-700">
              {i18n._('admin-members.accept.body', {
                name: application.name,
                email: application.email,
              })}
            </p>
            <ModalActions>
              <CancelButton onClick={close} />
              <Button
                isBusy={accept.isPending}
                onClick={() => accept.mutate(application.id, { onError: toastError })}
              >
                {i18n._('admin-members.accept.confirm')}
              </Button>
            </ModalActions>
          </div>
        )
      )}
    </Modal>
  );
}

/** Rejects an application; the reason is required and kept with it. */
export function RejectApplicationModal({
  application,
  onClose,
}: {
  application: MembershipApplication | null;
  onClose: () => void;
}) {
  const i18n = useTexts();
  const reject = useRejectApplication();
  return (
    <ReasonDialog
      isOpen={application !== null}
      onClose={onClose}
      title={i18n._('admin-members.reject.title', { name: application?.name ?? '' })}
      reasonLabel={i18n._('admin-members.reject.reason')}
      isReasonRequired
      confirmLabel={i18n._('admin-members.reject.confirm')}
      isDanger
      onConfirm={async (reason) => {
        const res = await reject.mutateAsync({ id: application!.id, reason: reason ?? '' });
        return res.message;
      }}
    />
  );
}
