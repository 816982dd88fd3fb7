import type { ImportFigures, OpeningLine } from '@jamiya/contracts/imports';
import { filsToAed, tryParseAed } from '@jamiya/money/fils';
import { useTexts } from '../../../lib/i18n.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Figures } from '../../../components/figures.tsx';
import { aed } from '../../../lib/format.ts';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const ACCOUNT_TEXTS: Record<OpeningLine['account'], string> = {
  cash: /*i18n*/ 'admin-import.accounts.cash',
  loans: /*i18n*/ 'admin-import.accounts.loans',
  savings: /*i18n*/ 'admin-import.accounts.savings',
  opening_equity: /*i18n*/ 'admin-import.accounts.opening_equity',
};

export const FIGURE_TEXTS: Record<string, string> = {
  members: /*i18n*/ 'admin-import.figures.members',
  savings: /*i18n*/ 'admin-import.figures.savings',
  monthsPaid: /*i18n*/ 'admin-import.figures.monthsPaid',
  loans: /*i18n*/ 'admin-import.figures.loans',
  loansOutstanding: /*i18n*/ 'admin-import.figures.loansOutstanding',
  loansOwed: /*i18n*/ 'admin-import.figures.loansOwed',
  openingCash: /*i18n*/ 'admin-import.figures.openingCash',
  openingEquity: /*i18n*/ 'admin-import.figures.openingEquity',
};

/** What an import creates: members, savings, months paid, loans, and the bank balance it opens with. */
export function ImportFiguresList({ figures }: { figures: ImportFigures }) {
  const i18n = useTexts();
  const items = [
    { key: 'members', value: String(figures.members) },
    { key: 'savings', value: aed(figures.savings_total) },
    { key: 'monthsPaid', value: String(figures.months_paid) },
    { key: 'loans', value: String(figures.loans) },
    { key: 'loansOutstanding', value: aed(figures.loans_outstanding) },
    { key: 'loansOwed', value: aed(figures.loans_owed) },
    { key: 'openingCash', value: aed(figures.opening_cash) },
    { key: 'openingEquity', value: aed(figures.opening_equity) },
  ];
  return (
    <>
      <Figures
        columns={4}
        items={items.map((f) => ({ ...f, label: i18n._(FIGURE_TEXTS[f.key]!) }))}
      />
      {figures.opening_equity < 0 && (
        // Savings beyond the cash and the loans: most often a bank balance typed short.
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {i18n._('admin-import.figures.equityBelowZero')}
        </p>
      )}
    </>
  );
}

type EntryRow = { key: string; name: string; debit: number; credit: number; isTotal?: boolean };

/** The opening entry: a debit or a credit for each account, its totals equal. */
export function OpeningEntry({ lines, caption }: { lines: OpeningLine[]; caption: string }) {
  const i18n = useTexts();
  // Added in fils: amounts are never summed as floats.
  const total = (side: 'debit' | 'credit') =>
    filsToAed(lines.reduce((fils, l) => fils + (tryParseAed(l[side]) ?? 0), 0));
  const rows: EntryRow[] = [
    ...lines.map((l) => ({
      key: l.account,
      name: i18n._(ACCOUNT_TEXTS[l.account]),
      debit: l.debit,
      credit: l.credit,
    })),
    {
      key: 'total',
      name: i18n._('admin-import.entry.total'),
      debit: total('debit'),
      credit: total('credit'),
      isTotal: true,
    },
  ];
  const amount = (value: number, row: EntryRow) =>
    value === 0 && !row.isTotal ? (
      <span className="text-slate-500">—</span>
    ) : (
      <span className={row.isTotal ? 'font-bold' : ''}>{aed(value, { currency: false })}</span>
    );
  const columns: Column<EntryRow>[] = [
    {
      key: 'account',
      header: i18n._('admin-import.entry.account'),
      isRowHeader: true,
      cell: (r) => <span className={r.isTotal ? 'font-bold' : ''}>{r.name}</span>,
    },
    {
      key: 'debit',
      header: i18n._('admin-import.entry.debit'),
      align: 'end',
      cell: (r) => amount(r.debit, r),
    },
    {
      key: 'credit',
      header: i18n._('admin-import.entry.credit'),
      align: 'end',
      cell: (r) => amount(r.credit, r),
    },
  ];
  return (
    <DataTable caption={caption} showCaption columns={columns} rows={rows} rowKey={(r) => r.key} />
  );
}
