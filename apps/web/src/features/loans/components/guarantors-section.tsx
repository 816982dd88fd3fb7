import { aedFils } from '../../../lib/format.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import type { Fils } from '@jamiya/money/fils';
import { MAX_GUARANTORS } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import { translateMessage } from '../../../lib/messages.ts';
import type { LoanFormInput, LoanFormValues } from '../lib/loan-form-fields.ts';
import { coveredFils, emptyGuarantorRow, type GuarantorRow as Row } from '../lib/guarantors.ts';
import { GuarantorRow } from './guarantor-row.tsx';

let lastRowKey = 0;
const newRowKey = () => ++lastRowKey;

/**
 * The members who stand for the part of the loan above the free savings (issue 38): each a
 * member ID (typed, or found by name) and the amount they cover; together at least that part.
 * The rows are one value of the form (useController, not useFieldArray: that would add 1.5 KB
 * to the react-hook-form every form of the first session loads), so that a change in any row
 * checks the sum again once the form has been sent.
 */
export function GuarantorsSection({
  form,
  neededFils,
  freeSavingsFils,
}: {
  form: UseFormReturn<LoanFormInput, unknown, LoanFormValues>;
  neededFils: Fils;
  freeSavingsFils: Fils;
}) {
  const i18n = useTexts();
  const id = useId();
  const { field } = useController({ control: form.control, name: 'guarantors' });
  const rows = field.value;
  // React's keys for the rows, so that a removed row takes its own inputs along; new ones when
  // the form is reset.
  const [keys, setKeys] = useState(() => rows.map(newRowKey));
  const addRef = useRef<HTMLButtonElement>(null);
  const memberRefs = useRef(new Map<number, HTMLInputElement>());
  const focusNext = useRef<'add' | 'lastRow' | null>(null);

  const covered = coveredFils(rows);
  const errors = form.formState.errors.guarantors;
  const problem = errors?.root?.message ?? errors?.message;
  const isFull = rows.length >= MAX_GUARANTORS;

  // The focus, once the rows are drawn: into a new row, or, a row removed with its button, to
  // Add a guarantor (enabled again if the rows were at the most).
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'add') addRef.current?.focus();
    if (next === 'lastRow') memberRefs.current.get(keys.at(-1)!)?.focus();
  }, [keys]);

  if (keys.length !== rows.length) {
    setKeys(rows.map(newRowKey));
    return null;
  }

  const change = (index: number, patch: Partial<Row>) =>
    field.onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const add = () => {
    setKeys([...keys, newRowKey()]);
    focusNext.current = 'lastRow';
    field.onChange([...rows, emptyGuarantorRow()]);
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, i) => i !== index));
    focusNext.current = 'add';
    field.onChange(rows.filter((_, i) => i !== index));
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {i18n._('loans.apply.guarantors.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {i18n._('loans.apply.guarantors.intro', {
            needed: aedFils(neededFils),
            free: aedFils(freeSavingsFils),
          })}
        </p>
      </div>

      {rows.map((row, index) => {
        const key = keys[index]!;
        return (
          <GuarantorRow
            key={key}
            row={row}
            number={index + 1}
            errors={errors?.[index]}
            onChange={(patch) => change(index, patch)}
            onBlur={field.onBlur}
            memberRef={(input) => {
              if (input) memberRefs.current.set(key, input);
              else memberRefs.current.delete(key);
              // Where the form takes the focus to show a guarantor's error.
              if (index === 0) field.ref(input);
            }}
            onRemove={rows.length > 1 ? () => remove(index) : undefined}
          />
        );
      })}

      <p
        aria-live="polite"
        className={`rounded-lg p-3 text-sm font-medium ${
          covered >= neededFils ? 'bg-brand-50 text-brand-900' : 'bg-amber-50 text-amber-950'
        }`}
      >
        {i18n._('loans.apply.guarantors.covered', {
          covered: aedFils(covered),
          needed: aedFils(neededFils),
        })}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {translateMessage(problem)}
        </p>
      )}

      <div className="flex flex-col items-start gap-1">
        {/* A button of its own: it takes the focus (Button takes no ref). */}
        <button
          ref={addRef}
          type="button"
          disabled={isFull}
          onClick={add}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-white"
        >
          {i18n._('loans.apply.guarantors.add')}
        </button>
        {isFull && (
          <p className="text-sm text-slate-600">
            {i18n._('loans.apply.guarantors.max', { max: MAX_GUARANTORS })}
          </p>
        )}
      </div>
    </section>
  );
}
