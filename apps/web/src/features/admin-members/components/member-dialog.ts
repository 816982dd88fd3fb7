import type { AdminMember } from '@jamiya/contracts/members';
import type { FundProposal } from '../../../api/proposals.ts';

/** What the member page gives each of its dialogs about the member: whom, and whether open. */
export interface MemberDialogProps {
  member: AdminMember;
  isOpen: boolean;
  onClose: () => void;
  /** Another admin's proposal that this dialog confirms (a change of an admin's status, a link). */
  proposal?: FundProposal | undefined;
}
