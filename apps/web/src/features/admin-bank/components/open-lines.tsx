import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { useMyId, useProposals } from '../../../api/proposals.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { linkHow } from '../lib/describe.ts';
import { proposalsByLine } from '../lib/line-proposals.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { AssignProposal } from './assign-proposal.tsx';
import { LineSummary } from './bank-line.tsx';
import { BookDialog } from './book-dialog.tsx';
import { BookProposal } from './book-proposal.tsx';
import type { LineProposalProps } from './confirm-line-proposal.tsx';
import type { LineDone } from './line-outcome.tsx';
import { LinkDialog } from './link-dialog.tsx';

type Action = 'assign' | 'link' | 'book';

/**
 * Bank lines not in the books, each with what may be done with it (one linked already, whose
 * entry is dated after the day read, says how instead): money in assigned to a
 * member's month or loan, or linked to the receipt or payment it is; any line booked to an
 * account of the association's own. A line proposed to a second admin shows the proposal
 * instead, which another admin confirms here. `onDone` hears each answer, said by the section
 * (the line may be gone from the list once it is read again).
 */
export function OpenLines({
  lines,
  onDone,
  itemClassName = 'border-slate-200',
  atOnce,
}: {
  lines: readonly BankLine[];
  onDone: (done: LineDone) => void;
  itemClassName?: string;
  /** Shows this many at first, then more on asking. */
  atOnce?: number;
}) {
  const i18n = useTexts();
  const proposals = useProposals();
  const myId = useMyId();
  const byLine = proposalsByLine(lines, proposals.data?.items ?? []);
  const [shown, setShown] = useState(atOnce ?? Infinity);
  const [chosen, setChosen] = useState<{ line: BankLine; action: Action } | null>(null);
  const close = () => setChosen(null);
  const done = (answer: LineDone) => {
    // Out of the top layer first: closing the dialog gives the focus back to where it was,
    // and then the answer's heading takes it.
    flushSync(close);
    onDone(answer);
  };
  const lineFor = (action: Action) => (chosen?.action === action ? chosen.line : null);

  return (
    <>
      <ul className="flex flex-col gap-2">
        {lines.slice(0, shown).map((line) => {
          const proposal = byLine.get(line.id);
          return (
            // The actions go under the line whenever both do not fit side by side (a phone, a
            // half-width column).
            <li
              key={line.id}
              className={`flex flex-wrap items-start justify-between gap-3 rounded-xl border p-3 ${itemClassName}`}
            >
              <div className="min-w-0 flex-[1_1_12rem]">
                <LineSummary line={line} />
              </div>
              {line.link !== null ? (
                // In the books after the day the list is read for (its entry is dated later).
                <p className="text-sm font-medium text-slate-800">{linkHow(i18n, line)}</p>
              ) : proposal ? (
                <div className="min-w-0 flex-[1_1_18rem] sm:max-w-lg">
                  <LineProposal
                    proposal={proposal}
                    line={line}
                    isMine={myId !== undefined && proposal.proposed_by.id === myId}
                    onDone={onDone}
                  />
                </div>
              ) : (
                <LineActions line={line} onChoose={(action) => setChosen({ line, action })} />
              )}
            </li>
          );
        })}
      </ul>
      {atOnce !== undefined && (
        <ShowMoreButton
          hasNextPage={lines.length > shown}
          isFetchingNextPage={false}
          fetchNextPage={() => setShown((n) => n + atOnce)}
        >
          {i18n._('admin-bank.reconcile.showMore', { count: lines.length - shown })}
        </ShowMoreButton>
      )}
      <AssignDialog line={lineFor('assign')} onClose={close} onDone={done} />
      <LinkDialog line={lineFor('link')} onClose={close} onDone={done} />
      <BookDialog line={lineFor('book')} onClose={close} onDone={done} />
    </>
  );
}

function LineProposal({ proposal, line, isMine, onDone }: LineProposalProps) {
  if (proposal.action === 'bank.book')
    return <BookProposal proposal={proposal} line={line} isMine={isMine} onDone={onDone} />;
  return <AssignProposal proposal={proposal} line={line} isMine={isMine} onDone={onDone} />;
}

/** Money in: assign, link or book; money out: book. */
function LineActions({ line, onChoose }: { line: BankLine; onChoose: (action: Action) => void }) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const named = { amount: aed(Math.abs(line.amount)), date: formatDate(line.booked_on) };
  const isMoneyIn = line.amount > 0;
  return (
    <div className="flex flex-wrap gap-2">
      {isMoneyIn && (
        <>
          <Button
            variant="secondary"
            disabled={!isOnline}
            aria-label={i18n._('admin-bank.unmatched.assignLabel', named)}
            onClick={() => onChoose('assign')}
          >
            {i18n._('admin-bank.unmatched.assign')}
          </Button>
          <Button
            variant="secondary"
            disabled={!isOnline}
            aria-label={i18n._('admin-bank.open.linkLabel', named)}
            onClick={() => onChoose('link')}
          >
            {i18n._('admin-bank.open.link')}
          </Button>
        </>
      )}
      <Button
        variant="secondary"
        disabled={!isOnline}
        aria-label={i18n._('admin-bank.open.bookLabel', named)}
        onClick={() => onChoose('book')}
      >
        {i18n._('admin-bank.open.book')}
      </Button>
    </div>
  );
}
