import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { card } from '../../../components/styles.ts';
import { primaryLink } from '../../../components/link-styles.ts';
import { errorMessage, translateMessage } from '../../../lib/messages.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { isProposed, type EntryAnswer, type EntryBody } from '../api/post-journal-entry.ts';
import type { MemberChoice } from '../lib/entry-form.ts';
import { BooksNav } from './books-nav.tsx';
import { EntryLinesTable } from './entry-lines-table.tsx';
import { HandEntryForm } from './hand-entry-form.tsx';

// The cash and the cash box take an entry by hand though a bank line is not booked to them.
const HAND_ONLY = new Set(['cash', 'cash_box']);

/**
 * /admin/ledger/new-entry: an entry by hand, for what never passes through the bank (cash
 * spent from the box, a correction between accounts); posted, or proposed to a second admin
 * when it moves cash or a member's savings.
 */
export function NewEntryPage() {
  const i18n = useTexts();
  const accounts = useAccounts();
  const [done, setDone] = useState<{
    answer: EntryAnswer;
    body: EntryBody;
    members: MemberChoice[];
  } | null>(null);
  // A new form after each entry: a fresh key empties it.
  const [round, setRound] = useState(0);
  const another = () => {
    setDone(null);
    setRound((n) => n + 1);
  };

  let body;
  if (done) body = <Outcome {...done} onAnother={another} />;
  else if (accounts.isPending) body = <Spinner />;
  else if (accounts.isError)
    body = (
      <ErrorState message={errorMessage(accounts.error)} onRetry={() => void accounts.refetch()} />
    );
  else
    body = (
      <section aria-labelledby="new-entry-title" className={`${card} flex flex-col gap-4`}>
        <h2 id="new-entry-title" className="text-lg font-bold text-slate-900">
          {i18n._('admin-books.entry.title')}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-books.entry.intro')}</p>
        <HandEntryForm
          key={round}
          accounts={accounts.data.items.filter(
            (a) => !a.retired && (a.bookable || HAND_ONLY.has(a.code)),
          )}
          onDone={(answer, entry, members) => setDone({ answer, body: entry, members })}
        />
      </section>
    );

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.entry.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-books.ledger.title')}
        subtitle={i18n._('admin-books.entry.subtitle')}
      />
      <BooksNav />
      {body}
    </div>
  );
}

function Outcome({
  answer,
  body,
  members,
  onAnother,
}: {
  answer: EntryAnswer;
  body: EntryBody;
  members: MemberChoice[];
  onAnother: () => void;
}) {
  const i18n = useTexts();
  return (
    <section aria-labelledby="entry-outcome" className={`${card} flex flex-col gap-4`}>
      <FocusHeading id="entry-outcome">
        {isProposed(answer)
          ? i18n._('admin-books.entry.proposedTitle')
          : i18n._('admin-books.entry.postedTitle', { id: answer.entry_id })}
      </FocusHeading>
      <p role="status" className="text-slate-800">
        {translateMessage(answer.message)}
      </p>
      {isProposed(answer) ? (
        <ProposalPanel
          // Its reason is the memo, said below.
          proposal={{ ...answer.proposal, reason: null }}
          isMine
          confirmLabel=""
          onConfirm={() => undefined}
          onWithdrawn={onAnother}
        >
          <p className="break-words">{body.memo}</p>
          <EntryLinesTable lines={body.lines} caption={body.memo} members={members} />
        </ProposalPanel>
      ) : (
        <EntryLinesTable lines={body.lines} caption={body.memo} members={members} />
      )}
      <div className="flex flex-wrap gap-2">
        <Link to="/admin/ledger" className={primaryLink}>
          {i18n._('admin-books.entry.seeJournal')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {i18n._('admin-books.entry.another')}
        </Button>
      </div>
    </section>
  );
}
