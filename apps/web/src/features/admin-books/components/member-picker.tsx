import { useId, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useFindMembers } from '../api/find-members.ts';
import type { MemberChoice } from '../lib/entry-form.ts';

/** Whose savings a line posts to: found by name, email, mobile or member ID, then chosen. */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: MemberChoice | null;
  onChange: (member: MemberChoice | null) => void;
  error?: string | undefined;
}) {
  const i18n = useTexts();
  const resultsId = useId();
  const [search, setSearch] = useState('');
  const looked = useDebouncedValue(search.trim());
  const found = useFindMembers(looked);
  // Only a member has savings: an admin who is not one is left out.
  const members = (found.data?.items ?? []).filter((m) => m.is_member);

  if (value)
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2">
        <p className="min-w-0 text-slate-900">
          {i18n._('admin-books.entry.memberChosen')}{' '}
          <bdi className="font-semibold">{value.name}</bdi>{' '}
          <span dir="ltr" className="text-slate-600">
            ({value.unique_id})
          </span>
        </p>
        <Button variant="ghost" onClick={() => onChange(null)}>
          {i18n._('admin-books.entry.memberChange')}
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-1">
      <Field
        label={i18n._('admin-books.entry.member')}
        hint={i18n._('admin-books.entry.memberHint')}
        error={error}
      >
        {(a) => (
          <SearchInput {...a} value={search} onSearch={setSearch} aria-controls={resultsId} />
        )}
      </Field>
      <div id={resultsId}>
        <p role="status" className="text-sm text-slate-700">
          {looked.length < 2
            ? ''
            : found.isFetching
              ? i18n._('admin-books.entry.searching')
              : found.isError
                ? errorMessage(found.error)
                : members.length === 0
                  ? i18n._('admin-books.entry.noneFound')
                  : ''}
        </p>
        {looked.length >= 2 && members.length > 0 && (
          <ul className="flex flex-col">
            {members.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => onChange({ id: m.id, name: m.name, unique_id: m.unique_id })}
                  className="flex min-h-11 w-full flex-wrap items-center gap-x-2 rounded-lg px-2 text-start hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <bdi className="font-semibold text-slate-900">{m.name}</bdi>
                  <span dir="ltr" className="text-slate-600">
                    ({m.unique_id})
                  </span>
                  <span className="text-sm text-slate-600">
                    {i18n._('admin-books.entry.memberSavings', { amount: aed(m.savings) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
