import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { useTexts } from '../../../lib/i18n.tsx';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { SAVINGS, type EntryFormInput, type EntryFormValues } from '../lib/entry-form.ts';
import { AccountOptions } from './account-options.tsx';
import { MemberPicker } from './member-picker.tsx';

type EntryForm = UseFormReturn<EntryFormInput, unknown, EntryFormValues>;

/**
 * One line of an entry by hand: the account (a chart account, the cash, the cash box, or a
 * member's savings, the member then found), and a debit or a credit.
 */
export function EntryLineFields({
  form,
  index,
  accounts,
  onRemove,
}: {
  form: EntryForm;
  index: number;
  /** The accounts an entry by hand may post to, in use. */
  accounts: readonly ChartAccount[];
  /** Takes the line away; missing while the entry has only the lines it needs. */
  onRemove: (() => void) | undefined;
}) {
  const i18n = useTexts();
  const account = useWatch({ control: form.control, name: `lines.${index}.account` });
  const errors = form.formState.errors.lines?.[index];
  const legendId = `entry-line-${index}`;
  return (
    <fieldset
      aria-labelledby={legendId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={legendId} className="font-semibold text-slate-900">
          {i18n._('admin-books.entry.line', { number: index + 1 })}
        </h3>
        {onRemove && (
          <Button variant="ghost" aria-describedby={legendId} onClick={onRemove}>
            {i18n._('admin-books.entry.removeLine')}
          </Button>
        )}
      </div>
      {/* The account, then its debit and credit: in one row on a wide screen. */}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="col-span-2 flex flex-col gap-3 md:col-span-1">
          <Field label={i18n._('admin-books.entry.account')} error={errors?.account?.message}>
            {(a) => (
              <select {...a} className={inputClass} {...form.register(`lines.${index}.account`)}>
                <option value="">{i18n._('admin-books.entry.chooseAccount')}</option>
                <AccountOptions
                  accounts={accounts}
                  extraOf={(kind) =>
                    kind === 'liability' && (
                      <option value={SAVINGS}>
                        {i18n._('admin-books.entry.memberSavingsChoice')}
                      </option>
                    )
                  }
                />
                {!accounts.some((c) => c.kind === 'liability') && (
                  <option value={SAVINGS}>{i18n._('admin-books.entry.memberSavingsChoice')}</option>
                )}
              </select>
            )}
          </Field>
          {account === SAVINGS && (
            <Controller
              control={form.control}
              name={`lines.${index}.member`}
              render={({ field }) => <MemberPicker value={field.value} onChange={field.onChange} />}
            />
          )}
        </div>
        <Field label={i18n._('admin-books.entry.debit')} error={errors?.debit?.message}>
          {(a) => <AmountInput {...a} {...form.register(`lines.${index}.debit`)} />}
        </Field>
        <Field label={i18n._('admin-books.entry.credit')} error={errors?.credit?.message}>
          {(a) => <AmountInput {...a} {...form.register(`lines.${index}.credit`)} />}
        </Field>
      </div>
    </fieldset>
  );
}
