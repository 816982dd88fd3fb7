import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { LineSummary } from './bank-line.tsx';
import type { LineDialogProps, LineDone } from './line-outcome.tsx';
import { LinkCandidates } from './link-candidates.tsx';
import { MemberSearch, useMemberSearch } from './member-search.tsx';

/**
 * Money in the bank linked by hand to the payment it is: a receipt waiting the matcher could not
 * tie to it (a name the bank wrote otherwise, no member ID), which the link approves, or a
 * payment already approved from its photo.
 */
export function LinkDialog({ line, onClose, onDone }: LineDialogProps) {
  const i18n = useTexts();
  return (
    <Modal isOpen={line !== null} onClose={onClose} title={i18n._('admin-bank.link.title')}>
      {line && <LinkForm key={line.id} line={line} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function LinkForm({
  line,
  onClose,
  onDone,
}: {
  line: BankLine;
  onClose: () => void;
  onDone: (done: LineDone) => void;
}) {
  const i18n = useTexts();
  const search = useMemberSearch(line);
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl bg-slate-50 p-3">
        <LineSummary line={line} />
      </div>
      <p className="text-sm text-slate-700">{i18n._('admin-bank.link.intro')}</p>
      <MemberSearch state={search} />
      <LinkCandidates line={line} memberId={search.memberId} onLinked={onDone} />
      <ModalActions>
        <CancelButton onClick={onClose} />
      </ModalActions>
    </div>
  );
}
