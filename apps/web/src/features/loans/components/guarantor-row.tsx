import { useId, useRef, type Ref } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { MIN_SEARCH_CHARS, useGuarantorSearch } from '../api/get-guarantors.ts';
import { isMemberId, normalizeMemberId, type GuarantorRow as Row } from '../lib/guarantors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The members found by a name are a few: more would not fit a phone's screen. */
const SHOWN_MATCHES = 5;

/**
 * One guarantor: their member ID, typed or picked from the members found by what is typed (those
 * who agreed to be found), and the amount they cover.
 */
export function GuarantorRow({
  row,
  number,
  errors,
  onChange,
  onBlur,
  memberRef,
  onRemove,
}: {
  row: Row;
  /** Its place, from 1. */
  number: number;
  errors?: { member_id?: FieldError | undefined; amount?: FieldError | undefined } | undefined;
  onChange: (patch: Partial<Row>) => void;
  onBlur: () => void;
  memberRef: Ref<HTMLInputElement>;
  onRemove?: (() => void) | undefined;
}) {
  const i18n = useTexts();
  const id = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const typed = row.member_id.trim();
  const search = useDebouncedValue(typed);
  const found = useGuarantorSearch(search);

  const isSearching = search.length >= MIN_SEARCH_CHARS && typed === search;
  const matches = isSearching ? (found.data?.items ?? []) : [];
  const chosen = matches.find((m) => m.member_id === normalizeMemberId(typed));
  const choices = chosen ? [] : matches.slice(0, SHOWN_MATCHES);
  const isUnknown =
    isSearching && found.isSuccess && !found.isPlaceholderData && matches.length === 0;

  const choose = (memberId: string) => {
    onChange({ member_id: memberId });
    // The list goes once a member is chosen: the amount comes next.
    amountRef.current?.focus();
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {i18n._('loans.apply.guarantors.row', { number })}
        </h3>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={i18n._('loans.apply.guarantors.removeLabel', { number })}
            className="min-h-11 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {i18n._('loans.apply.guarantors.remove')}
          </button>
        )}
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start">
        <div className="flex flex-col gap-2">
          <Field
            label={i18n._('loans.apply.guarantors.member')}
            hint={i18n._('loans.apply.guarantors.memberHint')}
            error={errors?.member_id?.message}
          >
            {(a) => (
              <input
                {...a}
                ref={memberRef}
                type="text"
                autoComplete="off"
                spellCheck={false}
                // A name in any script, or an ID (JM000123) that reads left to right.
                dir="auto"
                className={inputClass}
                value={row.member_id}
                onChange={(e) => onChange({ member_id: e.target.value })}
                onBlur={onBlur}
              />
            )}
          </Field>
          {choices.length > 0 && (
            <ul
              aria-label={i18n._('loans.apply.guarantors.matches')}
              className="flex flex-col gap-1"
            >
              {choices.map((member) => (
                <li key={member.member_id}>
                  <button
                    type="button"
                    onClick={() => choose(member.member_id)}
                    className="flex min-h-11 w-full flex-wrap items-center justify-between gap-x-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-start hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  >
                    <span className="font-medium text-slate-900">{member.name}</span>
                    <bdi className="text-sm text-slate-600 tabular-nums">{member.member_id}</bdi>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p aria-live="polite" className="text-sm empty:hidden">
            {chosen ? (
              <span className="font-medium text-brand-900">
                {i18n._('loans.apply.guarantors.chosen', { name: chosen.name })}
              </span>
            ) : isUnknown && !isMemberId(typed) ? (
              <span className="text-slate-600">{i18n._('loans.apply.guarantors.noMatch')}</span>
            ) : null}
          </p>
        </div>

        <Field label={i18n._('loans.apply.guarantors.amount')} error={errors?.amount?.message}>
          {(a) => (
            <AmountInput
              {...a}
              ref={amountRef}
              value={row.amount}
              onChange={(e) => onChange({ amount: e.target.value })}
              onBlur={onBlur}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
