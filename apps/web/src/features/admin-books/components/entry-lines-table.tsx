import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import { useAccounts } from '../api/get-accounts.ts';
import type { EntryLineBody } from '../api/post-journal-entry.ts';
import type { MemberChoice } from '../lib/entry-form.ts';
import { useAccountName } from '../lib/use-account-name.ts';

/**
 * The lines of an entry not yet posted (a proposal's), as the journal shows postings; a
 * member's savings by the member's name where it is known (`members`).
 */
export function EntryLinesTable({
  lines,
  caption,
  members = [],
}: {
  lines: EntryLineBody[];
  caption: string;
  members?: readonly MemberChoice[];
}) {
  const i18n = useTexts();
  const accountName = useAccountName();
  const chart = useAccounts();
  const nameOf = (code: string) => {
    const member = members.find((m) => code === `savings:${m.id}`);
    // A Latin name in an Arabic sentence keeps its own direction (FSI ... PDI).
    if (member)
      return i18n._('admin-books.entry.savingsOf', {
        name: `\u2068${member.name}\u2069`,
        id: `\u2068${member.unique_id}\u2069`,
      });
    return accountName(code, chart.data?.items.find((a) => a.code === code)?.name ?? code);
  };
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <PostingsHead />
      <tbody>
        {lines.map((line, i) => (
          <tr key={i} className="border-b border-slate-200 last:border-0">
            <td className={`py-1 pe-2 break-words ${line.credit ? 'ps-6' : ''}`}>
              {nameOf(line.account)}
            </td>
            <td className="w-20 py-1 ps-2 text-end whitespace-nowrap tabular-nums sm:w-32">
              {line.debit ? aed(line.debit, { currency: false }) : ''}
            </td>
            <td className="w-20 py-1 ps-2 text-end whitespace-nowrap tabular-nums sm:w-32">
              {line.credit ? aed(line.credit, { currency: false }) : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A table of postings' columns (account, debit, credit), for screen readers only. */
export function PostingsHead() {
  const i18n = useTexts();
  return (
    <thead className="sr-only">
      <tr>
        <th scope="col">{i18n._('admin-books.journal.columns.account')}</th>
        <th scope="col">{i18n._('admin-books.journal.columns.debit')}</th>
        <th scope="col">{i18n._('admin-books.journal.columns.credit')}</th>
      </tr>
    </thead>
  );
}
