import { useTranslation } from '../../../lib/i18n.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useSetMemberStatus } from '../api/set-member-status.ts';
import type { MemberDialogProps } from './member-dialog.ts';

/** Confirms activating or deactivating a member, with an optional note for the audit log. */
export function MemberStatusModal({ member, isOpen, onClose }: MemberDialogProps) {
  const { t } = useTranslation('admin-members');
  const setStatus = useSetMemberStatus();
  const target = member.status === 'active' ? 'inactive' : 'active';
  const verb = target === 'inactive' ? 'deactivate' : 'activate';
  return (
    <ReasonDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t(`status.${verb}Title`, { name: member.name })}
      reasonLabel={t('status.reason')}
      isReasonRequired={false}
      confirmLabel={t(`status.${verb}`)}
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
      <p className="text-slate-700">{t(`status.${verb}Body`)}</p>
    </ReasonDialog>
  );
}
