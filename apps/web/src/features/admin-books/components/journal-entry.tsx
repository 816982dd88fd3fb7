import type { FundProposal } from '../../../api/proposals.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { CORRECTION_REASONS_TEXTS, KINDS_TEXTS } from '../texts.ts';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { toastError } from '../../../lib/messages.ts';
import { useDownloadEvidence } from '../api/download-evidence.ts';
import type { JournalEntry } from '../api/get-journal.ts';
import { useAccountName } from '../lib/use-account-name.ts';
import { PostingsHead } from './entry-lines-table.tsx';

/**
 * One entry of the journal: its kind, day and memo, its postings as in a paper journal, who
 * recorded it (who proposed and who confirmed it, when two admins did), why it corrects another
 * or which entry corrected it, its receipt, and "Correct (reverse)…" where it may be corrected.
 */
export function JournalEntryItem({
  entry,
  correctionProposed,
  onCorrect,
}: {
  entry: JournalEntry;
  /** An open proposal to correct it, waiting for a second admin. */
  correctionProposed: FundProposal | undefined;
  onCorrect: (entry: JournalEntry) => void;
}) {
  const i18n = useTexts();
  const accountName = useAccountName();
  const evidence = useDownloadEvidence();
  const titleId = `journal-entry-${entry.id}`;
  const who = entry.proposed_by
    ? i18n._('admin-books.journal.proposedConfirmed', {
        proposer: entry.proposed_by.name,
        confirmer: entry.created_by?.name ?? '—',
      })
    : entry.created_by
      ? i18n._('admin-books.journal.by', { name: entry.created_by.name })
      : i18n._('admin-books.journal.bySystem');
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-slate-200 px-3 py-2 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={titleId} className="font-bold text-slate-900 tabular-nums">
          {i18n._('admin-books.journal.entry', { id: entry.id })}
        </h3>
        <StatusBadge
          tone={entry.kind === 'reversal' || entry.kind === 'write_off' ? 'warning' : 'info'}
        >
          {i18n._(KINDS_TEXTS[entry.kind])}
        </StatusBadge>
        {entry.reversed_by_entry_id !== null && (
          <StatusBadge tone="neutral">
            {i18n._('admin-books.journal.correctedBy', { id: entry.reversed_by_entry_id })}
          </StatusBadge>
        )}
        <span className="text-sm whitespace-nowrap text-slate-600">
          {formatDateTime(entry.occurred_at)}
        </span>
        <span className="min-w-0 break-words text-slate-800">{entry.memo}</span>
      </div>
      {entry.correction && (
        <p className="mt-1 text-sm break-words text-slate-800">
          {/* The committee's sentence is the correction's memo, shown above. */}
          {entry.correction.reason === entry.memo
            ? i18n._('admin-books.journal.correctionWhy', {
                reason: i18n._(CORRECTION_REASONS_TEXTS[entry.correction.reason_code]),
              })
            : i18n._('admin-books.journal.correctionReason', {
                reason: i18n._(CORRECTION_REASONS_TEXTS[entry.correction.reason_code]),
                text: `\u2068${entry.correction.reason}\u2069`,
              })}
        </p>
      )}
      <table className="mt-1 w-full text-sm">
        <caption className="sr-only">
          {i18n._('admin-books.journal.postingsOf', { id: entry.id })}
        </caption>
        <PostingsHead />
        <tbody>
          {entry.postings.map((p, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0">
              {/* Credits are indented under the debits, as in a paper journal. */}
              <td className={`py-1 pe-2 break-words ${p.credit ? 'ps-6' : ''}`}>
                {accountName(p.account_code, p.account_name)}{' '}
                <span translate="no" className="text-xs text-slate-500">
                  {p.account_code}
                </span>
              </td>
              <td className="w-20 py-1 ps-2 text-end whitespace-nowrap tabular-nums sm:w-36">
                {p.debit ? aed(p.debit, { currency: false }) : ''}
              </td>
              <td className="w-20 py-1 ps-2 text-end whitespace-nowrap tabular-nums sm:w-36">
                {p.credit ? aed(p.credit, { currency: false }) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-xs text-slate-600">
          {who}
          {entry.reverses_entry_id !== null &&
            ` · ${i18n._('admin-books.journal.reverses', { id: entry.reverses_entry_id })}`}
          {entry.bank_line_id !== null &&
            ` · ${i18n._('admin-books.journal.bankLine', { id: entry.bank_line_id })}`}
        </p>
        <div className="flex flex-wrap gap-x-2">
          {entry.evidence_url && (
            <Button
              variant="ghost"
              className="text-sm"
              aria-describedby={titleId}
              isBusy={evidence.isPending}
              onClick={() =>
                evidence.mutate(
                  { url: entry.evidence_url!, entryId: entry.id },
                  { onError: toastError },
                )
              }
            >
              {i18n._('admin-books.journal.evidence')}
            </Button>
          )}
          {correctionProposed ? (
            <p className="self-center text-sm text-amber-900">
              {i18n._('admin-books.journal.correctionProposed', {
                name: correctionProposed.proposed_by.name,
              })}
            </p>
          ) : (
            entry.reversible && (
              <Button
                variant="ghost"
                className="text-sm"
                aria-describedby={titleId}
                onClick={() => onCorrect(entry)}
              >
                {i18n._('admin-books.journal.correct')}
              </Button>
            )
          )}
        </div>
      </div>
    </li>
  );
}
