import type { BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Figures } from '../../../components/figures.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { card } from '../../../components/styles.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useStatement } from '../api/get-statements.ts';
import { useStatementPart } from '../api/statement-parts.ts';
import { daysOf } from '../lib/days.ts';
import { DeleteStatement } from './delete-statement.tsx';
import { LinkedLines } from './linked-lines.tsx';
import { MatchesPanel } from './matches-panel.tsx';
import { OtherMovements } from './other-movements.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';
import { UnmatchedLines } from './unmatched-lines.tsx';
import { UnseenReceipts } from './unseen-receipts.tsx';

/**
 * A statement set beside the books, in the order of the month-end: the matches to approve, the
 * money with no receipt to assign, link or book, the receipts the bank has not seen, the other
 * movements of cash, the lines already in the books, and the books against the bank.
 * `onDeleted` hears that the statement was taken back.
 */
export function StatementDetail({
  id,
  onDeleted,
}: {
  id: number;
  onDeleted: (message: string) => void;
}) {
  const detail = useStatement(id);
  if (detail.isPending) return <Spinner />;
  if (detail.isError && !detail.data)
    return (
      <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
    );
  return <StatementParts detail={detail.data} onDeleted={onDeleted} />;
}

function StatementParts({
  detail: d,
  onDeleted,
}: {
  detail: BankStatementDetail;
  onDeleted: (message: string) => void;
}) {
  // The open lines shown above, as far as they are paged in: the reconciliation lists the rest.
  const credits = useStatementPart(d, 'credits', { observing: true }).items;
  const debits = useStatementPart(d, 'debits', { observing: true }).items;
  return (
    <div className="flex flex-col gap-6">
      <StatementSummary detail={d} onDeleted={onDeleted} />
      <MatchesPanel detail={d} />
      <UnmatchedLines detail={d} />
      <UnseenReceipts detail={d} />
      <OtherMovements detail={d} />
      <LinkedLines detail={d} />
      <ReconciliationPanel
        key={d.statement.id}
        statement={d.statement}
        shownAbove={new Set([...credits, ...debits].map((l) => l.id))}
      />
    </div>
  );
}

function StatementSummary({
  detail: { statement: s, counts },
  onDeleted,
}: {
  detail: BankStatementDetail;
  onDeleted: (message: string) => void;
}) {
  const i18n = useTexts();
  const figures = [
    {
      key: 'opening',
      label: i18n._('admin-bank.summary.opening', { date: formatDate(s.from) }),
      value: s.opening_balance === null ? '—' : aed(s.opening_balance),
    },
    {
      key: 'closing',
      label: i18n._('admin-bank.summary.closing', { date: formatDate(s.to) }),
      value: s.closing_balance === null ? '—' : aed(s.closing_balance),
    },
    {
      key: 'lines',
      label: i18n._('admin-bank.summary.lines'),
      value: i18n._('admin-bank.summary.linesValue', {
        lines: s.lines,
        linked: counts.linked,
      }),
    },
  ];
  return (
    <section aria-labelledby="bank-statement" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2
          id="bank-statement"
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          {i18n._('admin-bank.summary.title', { days: daysOf(i18n, s.from, s.to) })}
        </h2>
        <p className="text-sm break-words text-slate-700">
          {s.bank ? <bdi className="font-semibold">{s.bank}</bdi> : null}
          {s.bank ? ' · ' : null}
          <bdi>{s.file_name}</bdi> ·{' '}
          {i18n._('admin-bank.summary.importedBy', {
            name: s.imported_by.name,
            date: formatDateTime(s.imported_at),
          })}
        </p>
      </div>
      <Figures items={figures} columns={3} />
      {s.duplicate_lines > 0 && (
        <p className="text-sm text-slate-700">
          {i18n._('admin-bank.summary.duplicates', { count: s.duplicate_lines })}
        </p>
      )}
      <DeleteStatement statement={s} onDeleted={onDeleted} />
    </section>
  );
}
