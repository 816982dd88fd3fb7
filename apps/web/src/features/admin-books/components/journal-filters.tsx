import { STATEMENT_KINDS } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import { KINDS_TEXTS } from '../texts.ts';
import { Field, inputClass } from '../../../components/field.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { useAccounts } from '../api/get-accounts.ts';
import type { EntryKind, JournalFilters } from '../api/get-journal.ts';
import { AccountOptions } from './account-options.tsx';
import { DayFilter } from './day-filter.tsx';

const KINDS: readonly EntryKind[] = STATEMENT_KINDS;

/** What the journal is narrowed to: a kind, an account of the chart, the days from and to. */
export function JournalFiltersForm({
  filters,
  onChange,
}: {
  filters: JournalFilters;
  onChange: (filters: JournalFilters) => void;
}) {
  const i18n = useTexts();
  const accounts = useAccounts();
  const set = (change: Partial<JournalFilters>) => onChange({ ...filters, ...change });
  const chart = accounts.data?.items ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={i18n._('admin-books.journal.kindFilter')}>
        {(a) => (
          <FilterSelect
            {...a}
            value={filters.kind}
            onChange={(e) => set({ kind: e.target.value as EntryKind | '' })}
            allLabel={i18n._('admin-books.journal.allKinds')}
            options={KINDS.map((k) => ({ value: k, label: i18n._(KINDS_TEXTS[k]) }))}
          />
        )}
      </Field>
      <Field label={i18n._('admin-books.journal.accountFilter')}>
        {(a) => (
          <select
            {...a}
            value={filters.account}
            onChange={(e) => set({ account: e.target.value })}
            className={inputClass}
          >
            <option value="">{i18n._('admin-books.journal.allAccounts')}</option>
            <AccountOptions accounts={chart} />
            {/* An account chosen before the chart has come (a link) is kept. */}
            {filters.account && !chart.some((c) => c.code === filters.account) && (
              <option value={filters.account}>{filters.account}</option>
            )}
          </select>
        )}
      </Field>
      <DayFilter
        label={i18n._('admin-books.journal.from')}
        value={filters.from}
        onChange={(from) => set({ from })}
      />
      <DayFilter
        label={i18n._('admin-books.journal.to')}
        value={filters.to}
        onChange={(to) => set({ to })}
      />
    </div>
  );
}
