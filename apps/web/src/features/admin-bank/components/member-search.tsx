import { useEffect, useId, useState } from 'react';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field } from '../../../components/field.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { useFindMembers } from '../api/get-members.ts';
import { memberIdIn } from '../lib/member-reference.ts';

/**
 * The member whose money a line is: looked up by the member ID the line's text carries, else by
 * a search. One member found is the one meant, until another is picked.
 */
export function useMemberSearch(line: BankLine) {
  const [search, setSearch] = useState(() => memberIdIn(line.text) ?? '');
  const [looked, setLooked] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setLooked(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useFindMembers(looked);
  const members = found.data?.items ?? [];
  const [pickedId, setPickedId] = useState<number | null>(null);
  const memberId =
    pickedId !== null && members.some((m) => m.id === pickedId)
      ? pickedId
      : members.length === 1
        ? members[0]!.id
        : null;
  return { search, setSearch, looked, found, members, memberId, pick: setPickedId };
}

export type MemberSearchState = ReturnType<typeof useMemberSearch>;

/** The search box and the members found, each a radio. */
export function MemberSearch({ state }: { state: MemberSearchState }) {
  const i18n = useTexts();
  const resultsId = useId();
  const { search, setSearch, looked, found, members, memberId, pick } = state;
  return (
    <>
      <Field
        label={i18n._('admin-bank.assign.member')}
        hint={i18n._('admin-bank.assign.memberHint')}
      >
        {(a) => (
          <SearchInput
            {...a}
            value={search}
            onSearch={setSearch}
            aria-controls={resultsId}
            // The dialog is opened to find the member.
            autoFocus
          />
        )}
      </Field>
      <fieldset id={resultsId} className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-slate-800">
          {i18n._('admin-bank.assign.found')}
        </legend>
        <p role="status" className="text-sm text-slate-700">
          {looked.length < 2
            ? i18n._('admin-bank.assign.typeMore')
            : found.isFetching
              ? i18n._('admin-bank.assign.searching')
              : found.isError
                ? errorMessage(found.error)
                : members.length === 0
                  ? i18n._('admin-bank.assign.noneFound')
                  : ''}
        </p>
        {members.map((m) => (
          <label
            key={m.id}
            className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-900 hover:bg-slate-50"
          >
            <input
              type="radio"
              name="member"
              checked={memberId === m.id}
              onChange={() => pick(m.id)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span className="min-w-0 break-words">
              <bdi className="font-semibold">{m.name}</bdi>{' '}
              <span className="text-slate-600" dir="ltr">
                ({m.unique_id})
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
