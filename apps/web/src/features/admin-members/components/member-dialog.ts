import type { AdminMember } from '@jamiya/contracts/members';

/** What the member page gives each of its dialogs about the member: whom, and whether open. */
export interface MemberDialogProps {
  member: AdminMember;
  isOpen: boolean;
  onClose: () => void;
}
