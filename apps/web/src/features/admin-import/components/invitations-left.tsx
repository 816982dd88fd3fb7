import { useTexts } from '../../../lib/i18n.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { Invitations } from './invitations.tsx';

/**
 * The latest import's invitations that no member has used yet, for the admin who sent the file
 * and the one who confirmed it: the treasurer who knows the members hands them over too, and a
 * page closed too soon loses nothing. Nothing shows when there are none.
 */
export function InvitationsLeft({ importId }: { importId: number }) {
  const i18n = useTexts();
  const left = useInvitations(importId);
  if (left.isError && !left.data)
    return <ErrorState message={errorMessage(left.error)} onRetry={() => void left.refetch()} />;
  const invitations = left.data?.invitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <Invitations
      invitations={invitations}
      title={i18n._('admin-import.invitations.left', { count: invitations.length })}
    />
  );
}
