import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { BankLine, BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { card } from '../../../components/styles.ts';
import { useMyId, useProposals } from '../../../api/proposals.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { proposalsByLine } from '../lib/assign-proposals.ts';
import { AssignDialog, type Assigned } from './assign-dialog.tsx';
import { AssignProposal } from './assign-proposal.tsx';
import { LineSummary } from './bank-line.tsx';

/**
 * Money the bank received that matches no receipt: each line is assigned to a member's month or
 * loan (a dialog), which records the payment, or, with two admins, proposes it to the second;
 * a line already proposed shows the proposal, which another admin confirms here.
 */
export function UnmatchedLines({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const proposals = useProposals();
  const myId = useMyId();
  const credits = detail.unmatched_lines.filter((l) => l.amount > 0);
  const open = (proposals.data?.items ?? []).filter((p) => p.action === 'bank.assign');
  const byLine = proposalsByLine(credits, open);
  const [assigning, setAssigning] = useState<BankLine | null>(null);
  // What the last assignment answered, said at the top of the section (its heading takes the focus).
  const [said, setSaid] = useState<{
    n: number;
    isProposed: boolean;
    message: string;
  } | null>(null);
  const say = ({ isProposed, message }: Assigned) =>
    setSaid((s) => ({ n: (s?.n ?? 0) + 1, isProposed, message }));

  return (
    <section aria-labelledby="bank-unmatched" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2
          id="bank-unmatched"
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          {i18n._('admin-bank.unmatched.title', { count: credits.length })}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.unmatched.intro')}</p>
      </div>
      {said && (
        <section
          key={said.n}
          aria-labelledby="bank-assigned"
          className={`flex flex-col gap-1 rounded-xl border p-3 sm:p-4 ${said.isProposed ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-green-300 bg-green-50 text-green-950'}`}
        >
          <FocusHeading id="bank-assigned">
            {said.isProposed
              ? i18n._('admin-bank.assign.proposedTitle')
              : i18n._('admin-bank.assign.doneTitle')}
          </FocusHeading>
          <p role="status">{said.message}</p>
          {said.isProposed && <p className="text-sm">{i18n._('admin-bank.assign.proposedNext')}</p>}
        </section>
      )}
      {credits.length === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.unmatched.none')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {credits.map((line) => {
            const proposal = byLine.get(line.id);
            return (
              <li
                key={line.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <LineSummary line={line} />
                {proposal ? (
                  <div className="sm:max-w-lg">
                    <AssignProposal
                      proposal={proposal}
                      line={line}
                      isMine={myId !== undefined && proposal.proposed_by.id === myId}
                      onAssigned={(message) => say({ isProposed: false, message })}
                    />
                  </div>
                ) : (
                  <Button
                    variant="secondary"
                    className="shrink-0"
                    disabled={!isOnline}
                    aria-label={i18n._('admin-bank.unmatched.assignLabel', {
                      amount: aed(line.amount),
                      date: formatDate(line.booked_on),
                    })}
                    onClick={() => setAssigning(line)}
                  >
                    {i18n._('admin-bank.unmatched.assign')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <AssignDialog
        line={assigning}
        onClose={() => setAssigning(null)}
        onDone={(assigned) => {
          // Out of the top layer first: closing the dialog gives the focus back to where it was,
          // and then the answer's heading takes it.
          flushSync(() => setAssigning(null));
          say(assigned);
        }}
      />
    </section>
  );
}
