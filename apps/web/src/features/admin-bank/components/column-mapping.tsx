import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CsvColumns } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { isoDates, type MappingRole } from '../lib/csv-mapping.ts';
import type { StatementFormInput, StatementFormValues } from '../lib/statement-form-schema.ts';
import { DATE_ORDER_TEXTS, ROLE_TEXTS } from '../texts.ts';

type StatementForm = UseFormReturn<StatementFormInput, unknown, StatementFormValues>;

const OPTIONAL: MappingRole[] = ['reference', 'description', 'balance'];

/**
 * Which column of a CSV export holds what, chosen once for a bank: the date and how it is
 * written, the amount (one signed column, or money in and money out), the texts, the running
 * balance and the decimal mark; the file's first rows beside them to check against.
 */
export function ColumnMapping({ form, columns }: { form: StatementForm; columns: CsvColumns }) {
  const i18n = useTexts();
  const { errors } = form.formState;
  const [mode, date] = useWatch({ control: form.control, name: ['amount_mode', 'date'] });
  const dateAt = columns.columns.indexOf(date);
  const example = dateAt < 0 ? undefined : columns.sample.find((row) => row[dateAt])?.[dateAt];

  const columnSelect = (role: MappingRole, isRequired: boolean) => (
    <Field
      key={role}
      label={i18n._(ROLE_TEXTS[role])}
      error={errors[role]?.message}
      hint={role === 'balance' ? i18n._('admin-bank.mapping.balanceHint') : undefined}
    >
      {(a) => (
        <select {...a} {...form.register(role)} className={inputClass}>
          <option value="">
            {isRequired
              ? i18n._('admin-bank.mapping.chooseColumn')
              : i18n._('admin-bank.mapping.noColumn')}
          </option>
          {columns.columns.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const sampleColumns: Column<string[]>[] = columns.columns.map((column, at) => ({
    key: `${at}`,
    header: <bdi>{column}</bdi>,
    cell: (row) => <bdi className="whitespace-nowrap">{row[at] ?? ''}</bdi>,
  }));

  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 font-bold text-slate-900">
        {i18n._('admin-bank.mapping.title')}
      </legend>
      <p className="text-sm text-slate-700">
        {columns.remembered
          ? i18n._('admin-bank.mapping.remembered', { bank: isolated(columns.remembered.bank) })
          : i18n._('admin-bank.mapping.intro')}
      </p>
      <DataTable
        caption={i18n._('admin-bank.mapping.sample', { count: columns.sample.length })}
        showCaption
        columns={sampleColumns}
        rows={columns.sample}
        rowKey={(row) => columns.sample.indexOf(row)}
      />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        {columnSelect('date', true)}
        <Field
          label={i18n._('admin-bank.mapping.dateOrder')}
          error={errors.date_order?.message}
          hint={
            isoDates(columns, date)
              ? i18n._('admin-bank.mapping.dateOrderIso')
              : example
                ? i18n._('admin-bank.mapping.dateExample', { example: isolated(example) })
                : undefined
          }
        >
          {(a) => (
            <select {...a} {...form.register('date_order')} className={inputClass}>
              <option value="">{i18n._('admin-bank.mapping.chooseOrder')}</option>
              {(Object.keys(DATE_ORDER_TEXTS) as (keyof typeof DATE_ORDER_TEXTS)[]).map((o) => (
                <option key={o} value={o}>
                  {i18n._(DATE_ORDER_TEXTS[o])}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">
          {i18n._('admin-bank.mapping.amountMode')}
        </legend>
        <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
          {(['one', 'two'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="radio"
                value={value}
                {...form.register('amount_mode')}
                className="size-5 accent-brand-700"
              />
              {value === 'one'
                ? i18n._('admin-bank.mapping.amountOne')
                : i18n._('admin-bank.mapping.amountTwo')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        {mode === 'one'
          ? columnSelect('amount', true)
          : [columnSelect('credit', false), columnSelect('debit', false)]}
        <Field label={i18n._('admin-bank.mapping.decimal')}>
          {(a) => (
            <select {...a} {...form.register('decimal')} className={inputClass}>
              <option value=".">{i18n._('admin-bank.mapping.decimalPoint')}</option>
              <option value=",">{i18n._('admin-bank.mapping.decimalComma')}</option>
            </select>
          )}
        </Field>
        {OPTIONAL.map((role) => columnSelect(role, false))}
      </div>
    </fieldset>
  );
}
