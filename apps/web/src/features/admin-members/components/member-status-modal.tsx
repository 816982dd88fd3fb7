import { useTexts } from '../../../lib/i18n.tsx';
import { STATUS_TEXTS, STATUS_BODY_TEXTS, STATUS_TITLE_TEXTS } from '../texts.ts';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { ProposedBy } from '../../../components/proposal-panel.tsx';
import { useSetMemberStatus } from '../api/set-member-status.ts';
import type { MemberDialogProps } from './member-dialog.ts';

/**
 * Confirms activating or deactivating a member, with an optional note for the audit log. An
 * admin's status decides who can sign: with two or more active admins it is proposed, and this
 * dialog also confirms another admin's proposal (with the proposal's note).
 */
export function MemberStatusModal({ member, isOpen, onClose, proposal }: MemberDialogProps) {
  const i18n = useTexts();
  const setStatus = useSetMemberStatus();
  const target = member.status === 'active' ? 'inactive' : 'active';
  const verb = target === 'inactive' ? 'deactivate' : 'activate';
  return (
    <ReasonDialog
      isOpen={isOpen}
      onClose={onClose}
      title={i18n._(STATUS_TITLE_TEXTS[verb]!, { name: member.name })}
      reasonLabel={i18n._('admin-members.status.reason')}
      isReasonRequired={false}
      defaultReason={proposal?.reason ?? ''}
      confirmLabel={
        proposal ? i18n._('admin-members.proposal.confirm') : i18n._(STATUS_TEXTS[verb]!)
      }
      isDanger={target === 'inactive'}
      onConfirm={async (reason) => {
        const res = await setStatus.mutateAsync({
          id: member.id,
          status: target,
          ...(reason ? { reason } : {}),
        });
        return res.message;
      }}
    >
      <p className="text-slate-700">{i18n._(STATUS_BODY_TEXTS[verb]!)}</p>
      {member.role === 'admin' && (
        <p className="text-sm text-slate-700">{i18n._('admin-members.proposal.adminStatus')}</p>
      )}
      {proposal && (
        <p className="text-slate-700">
          <ProposedBy proposal={proposal} />
        </p>
      )}
    </ReasonDialog>
  );
}
