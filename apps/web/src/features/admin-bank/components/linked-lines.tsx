import { Link } from 'react-router';
import type { BankLine, BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import { useStatementPart } from '../api/statement-parts.ts';
import { linkHow } from '../lib/describe.ts';
import { LineSummary } from './bank-line.tsx';
import { LineOutcome, useLineOutcome, type LineDone } from './line-outcome.tsx';
import { PartMore } from './part-more.tsx';
import { UnlinkButton } from './unlink-button.tsx';

/**
 * The statement's lines the books already hold, and how each came there. A match approved or a
 * link made by hand is undone here when it was wrong; what was made from a line (a payment
 * assigned, a booking) is corrected by reversing its entry in the journal, never unlinked.
 */
export function LinkedLines({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const [said, say] = useLineOutcome();
  const lines = useStatementPart(detail, 'linked');
  return (
    <section aria-labelledby="bank-linked" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2 id="bank-linked" className="text-lg font-bold text-slate-900">
          {i18n._('admin-bank.linked.title', { count: lines.total })}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.linked.intro')}</p>
      </div>
      <LineOutcome id="bank-linked-done" said={said} />
      {lines.total === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.linked.none')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {lines.items.map((line) => (
              <LinkedLine key={line.id} line={line} onDone={say} />
            ))}
          </ul>
          <PartMore part={lines} />
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
