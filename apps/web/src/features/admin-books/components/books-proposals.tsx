import { useId, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { CORRECTION_REASONS_TEXTS } from '../texts.ts';
import { useMyId, useProposals, type FundProposal } from '../../../api/proposals.ts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { KIND_TEXTS, ProposedBy, WithdrawButton } from '../../../components/proposal-panel.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { usePostJournalEntry } from '../api/post-journal-entry.ts';
import { useReverseEntry } from '../api/reverse-entry.ts';
import { handEntryOf, reversalOf } from '../lib/books-proposals.ts';
import { EntryLinesTable } from './entry-lines-table.tsx';

/**
 * The books' proposals waiting for a second admin (an entry by hand, a correction): what each
 * asks, and Confirm (the same call again, by another admin) or Withdraw. Nothing when none waits.
 */
export function BooksProposals() {
  const i18n = useTexts();
  const proposals = useProposals();
  const items = (proposals.data?.items ?? []).filter(
    (p) => handEntryOf(p) !== null || reversalOf(p) !== null,
  );
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="books-proposals" className="flex flex-col gap-3">
      <h2
        id="books-proposals"
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none"
      >
        {i18n._('admin-books.proposals.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {items.map((p) => (
          <BooksProposal key={p.id} proposal={p} />
        ))}
      </ul>
    </section>
  );
}

const focusList = () => document.getElementById('books-proposals')?.focus();

function BooksProposal({ proposal }: { proposal: FundProposal }) {
  const i18n = useTexts();
  const titleId = useId();
  const isMine = proposal.proposed_by.id === useMyId();
  const [isConfirming, setConfirming] = useState(false);
  const post = usePostJournalEntry();
  const reverse = useReverseEntry();
  const entry = handEntryOf(proposal);
  const reversal = reversalOf(proposal);
  const confirmLabel = entry
    ? i18n._('admin-books.proposals.confirmEntry')
    : i18n._('admin-books.proposals.confirmReversal');

  const confirm = async () => {
    const answer = entry
      ? await post.mutateAsync({ body: entry })
      : await reverse.mutateAsync(reversal!);
    return answer.message;
  };

  const what = entry ? (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">
        {i18n._('admin-books.proposals.entry', { date: formatDate(entry.date) })}
      </p>
      <p className="break-words">{entry.memo}</p>
      <EntryLinesTable
        lines={entry.lines}
        caption={entry.memo}
        members={proposal.member ? [proposal.member] : []}
      />
    </div>
  ) : (
    <p className="break-words">
      {i18n._('admin-books.proposals.reversal', {
        id: reversal!.entryId,
        reason: i18n._(CORRECTION_REASONS_TEXTS[reversal!.body.reason_code]),
        // The committee's words, in whichever script, keep their own direction.
        text: `\u2068${reversal!.body.reason}\u2069`,
      })}
    </p>
  );

  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="font-bold">
          {i18n._(KIND_TEXTS[proposal.action])}
        </h3>
        {proposal.amount !== null && (
          <span className="font-extrabold tabular-nums">{aed(proposal.amount)}</span>
        )}
      </div>
      {what}
      <p className="text-sm">
        <ProposedBy proposal={proposal} />
      </p>
      <p className="text-sm">
        {isMine ? i18n._('admin.proposal.ownProposal') : i18n._('admin.proposal.othersProposal')}
      </p>
      <div className="flex flex-wrap gap-2">
        {!isMine && (
          <Button aria-describedby={titleId} onClick={() => setConfirming(true)}>
            {confirmLabel}
          </Button>
        )}
        <WithdrawButton proposal={proposal} describedBy={titleId} onWithdrawn={focusList} />
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        title={confirmLabel}
        confirmLabel={i18n._('admin-books.proposals.confirm')}
        onConfirm={confirm}
        onDone={focusList}
      >
        {what}
      </ConfirmDialog>
    </li>
  );
}
