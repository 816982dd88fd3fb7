import { useTexts } from '../../../lib/i18n.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { useBookLine } from '../api/book-line.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { bookAskedOf } from '../lib/line-proposals.ts';
import { ConfirmLineProposal, type LineProposalProps } from './confirm-line-proposal.tsx';

/**
 * A line another admin (or this one) proposed to book to an account: which, and the memo.
 * Another admin confirms it by making the same call on the line (a question first); the
 * proposer reads why they cannot; anyone may withdraw it.
 */
export function BookProposal({ proposal, line, isMine, onDone }: LineProposalProps) {
  const i18n = useTexts();
  const asked = bookAskedOf(proposal)!;
  const accounts = useAccounts();
  const name = accounts.data?.items.find((a) => a.code === asked.account)?.name ?? asked.account;
  const what = asked.memo
    ? i18n._('admin-bank.bookProposal.whatWithMemo', {
        account: isolated(name),
        memo: isolated(asked.memo),
      })
    : i18n._('admin-bank.bookProposal.what', { account: isolated(name) });
  const book = useBookLine();

  return (
    <ConfirmLineProposal
      proposal={proposal}
      isMine={isMine}
      confirmLabel={i18n._('admin-bank.bookProposal.confirm')}
      title={i18n._('admin-bank.bookProposal.dialogTitle')}
      question={i18n._('admin-bank.bookProposal.dialogBody', {
        by: isolated(proposal.proposed_by.name),
        amount: aed(Math.abs(line.amount)),
        date: formatDate(line.booked_on),
        what,
      })}
      isPending={book.isPending}
      confirm={() =>
        book.mutateAsync({
          lineId: line.id,
          body: asked.memo
            ? { account: asked.account, memo: asked.memo }
            : { account: asked.account },
        })
      }
      onConfirmed={(answer) => onDone({ kind: 'booked', message: answer.message })}
    >
      <p>{what}</p>
    </ConfirmLineProposal>
  );
}
