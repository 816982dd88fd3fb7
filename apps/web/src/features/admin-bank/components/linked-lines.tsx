import { useState } from 'react';
import { Link } from 'react-router';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import { linkHow } from '../lib/describe.ts';
import { LineSummary } from './bank-line.tsx';
import { LineOutcome, useLineOutcome, type LineDone } from './line-outcome.tsx';
import { UnlinkButton } from './unlink-button.tsx';

const AT_ONCE = 10;

/**
 * The statement's lines the books already hold, and how each came there. A match approved or a
 * link made by hand is undone here when it was wrong; what was made from a line (a payment
 * assigned, a booking) is corrected by reversing its entry in the journal, never unlinked.
 */
export function LinkedLines({ lines }: { lines: readonly BankLine[] }) {
  const i18n = useTexts();
  const [said, say] = useLineOutcome();
  const [shown, setShown] = useState(AT_ONCE);
  return (
    <section aria-labelledby="bank-linked" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2 id="bank-linked" className="text-lg font-bold text-slate-900">
          {i18n._('admin-bank.linked.title', { count: lines.length })}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.linked.intro')}</p>
      </div>
      <LineOutcome id="bank-linked-done" said={said} />
      {lines.length === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.linked.none')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {lines.slice(0, shown).map((line) => (
              <LinkedLine key={line.id} line={line} onDone={say} />
            ))}
          </ul>
          <ShowMoreButton
            hasNextPage={lines.length > shown}
            isFetchingNextPage={false}
            fetchNextPage={() => setShown((n) => n + AT_ONCE)}
          >
            {i18n._('admin-bank.reconcile.showMore', { count: lines.length - shown })}
          </ShowMoreButton>
        </>
      )}
    </section>
  );
}

function LinkedLine({ line, onDone }: { line: BankLine; onDone: (done: LineDone) => void }) {
  const i18n = useTexts();
  const how = linkHow(i18n, line);
  const isMadeFromLine = line.link === 'assign' || line.link === 'book';
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 p-3">
      <div className="min-w-0 flex-[1_1_12rem]">
        <LineSummary line={line} />
      </div>
      <div className="flex min-w-0 flex-col items-start gap-1 sm:max-w-sm sm:items-end sm:text-end">
        {how && <p className="text-sm font-medium text-slate-900">{how}</p>}
        {isMadeFromLine ? (
          <p className="text-sm text-slate-700">
            {i18n._('admin-bank.linked.byReversal')}{' '}
            <Link to="/admin/ledger" className={tableLink}>
              {i18n._('admin-bank.linked.journal')}
            </Link>
          </p>
        ) : (
          (line.link === 'match' || line.link === 'hand') && (
            <UnlinkButton line={line} onDone={onDone} />
          )
        )}
      </div>
    </li>
  );
}
