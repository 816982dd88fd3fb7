import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ProposedBy } from '../../../components/proposal-panel.tsx';
import { toastError } from '../../../lib/messages.ts';
import { useCreatePasswordLink } from '../api/create-password-link.ts';
import { PasswordLinkPanel } from './password-link-panel.tsx';
import type { MemberDialogProps } from './member-dialog.ts';

/**
 * Creates a one-time link for the member to set a new password, and shows it once; with two or
 * more active admins the first admin proposes it and a second admin's confirmation makes it.
 */
export function PasswordResetModal({ member, isOpen, onClose, proposal }: MemberDialogProps) {
  const i18n = useTexts();
  const create = useCreatePasswordLink();

  const close = () => {
    // The link lives only in the mutation's answer: forgetting it hides it for good.
    create.reset();
    onClose();
  };

  let content;
  if (create.data && 'pending_confirmation' in create.data)
    content = (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-slate-800">
          {i18n._('admin-members.reset.proposed', { name: member.name })}
        </p>
        <ModalActions>
          <Button onClick={close}>{i18n._('admin-members.reset.finish')}</Button>
        </ModalActions>
      </div>
    );
  else if (create.data)
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">
          {i18n._('admin-members.reset.done', { name: member.name })}
        </p>
        <PasswordLinkPanel
          handover={create.data.handover}
          emailed={create.data.emailed}
          email={member.email}
        />
        <ModalActions>
          <Button onClick={close}>{i18n._('admin-members.reset.finish')}</Button>
        </ModalActions>
      </div>
    );
  else
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">
          {i18n._('admin-members.reset.body', { name: member.name })}
        </p>
        {proposal && (
          <p className="text-slate-700">
            <ProposedBy proposal={proposal} />
          </p>
        )}
        <ModalActions>
          <CancelButton onClick={close} />
          <Button
            isBusy={create.isPending}
            onClick={() => create.mutate(member.id, { onError: toastError })}
          >
            {proposal
              ? i18n._('admin-members.proposal.confirm')
              : i18n._('admin-members.reset.create')}
          </Button>
        </ModalActions>
      </div>
    );

  return (
    <Modal isOpen={isOpen} onClose={close} title={i18n._('admin-members.reset.title')}>
      {content}
    </Modal>
  );
}
