import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { Controller, useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { FILTERS_TEXTS, KINDS_TEXTS } from '../texts.ts';
import type { z } from 'zod';
import type { statementFilters } from '@jamiya/contracts/statement';
import { STATEMENT_KINDS } from '@jamiya/contracts/values';
import { Button } from '../../../components/button.tsx';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field } from '../../../components/field.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import type { Filters } from '../api/get-statement.ts';

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/statement').then((m) => m.statementFilters),
);

const NO_FILTERS: Filters = { from: '', to: '', kind: '' };
const THIS_YEAR = new Date().getFullYear();

/** From, to and kind, checked by the same rules as the server's (from on or before to). */
export function StatementFiltersForm({
  value,
  onApply,
}: {
  value: Filters;
  onApply: (filters: Filters) => void;
}) {
  const i18n = useTexts();
  const form = useForm<
    z.input<typeof statementFilters>,
    unknown,
    z.output<typeof statementFilters>
  >({
    resolver,
    // Follows the URL: back, forward and "Clear" show the filters in force.
    values: value,
  });
  const { errors } = form.formState;
  // A date with a part not chosen says so, rather than the schema's "as YYYY-MM-DD".
  const dateError = (name: 'from' | 'to') =>
    form.getValues(name) === INCOMPLETE ? i18n._('common.date.incomplete') : errors[name]?.message;
  const hasFilters = Object.values(value).some(Boolean);

  const onSubmit = form.handleSubmit(({ from, to, kind }) =>
    onApply({ from: from ?? '', to: to ?? '', kind: kind ?? '' }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="statement-filters-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="statement-filters-title" className="sr-only">
        {i18n._('statement.filters.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start">
        {/* Each date a row of its own on a phone: day, month and year side by side need it. */}
        {(['from', 'to'] as const).map((name) => (
          <div key={name} className="col-span-2 sm:col-span-1">
            <Field label={i18n._(FILTERS_TEXTS[name]!)} error={dateError(name)}>
              {(a) => (
                <Controller
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <DateField
                      {...a}
                      label={i18n._(FILTERS_TEXTS[name]!)}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      fromYear={THIS_YEAR - 10}
                      toYear={THIS_YEAR}
                    />
                  )}
                />
              )}
            </Field>
          </div>
        ))}
        <div className="col-span-2 lg:col-span-1">
          <Field label={i18n._('statement.filters.kind')} error={errors.kind?.message}>
            {(a) => (
              <FilterSelect
                {...a}
                allLabel={i18n._('statement.filters.allKinds')}
                options={STATEMENT_KINDS.map((k) => ({ value: k, label: i18n._(KINDS_TEXTS[k]!) }))}
                {...form.register('kind')}
              />
            )}
          </Field>
        </div>
        <div className="col-span-2 flex gap-2 lg:col-span-1 lg:mt-6">
          <Button type="submit" className="flex-1 lg:flex-none">
            {i18n._('statement.filters.apply')}
          </Button>
          {hasFilters && (
            <Button
              variant="ghost"
              className="flex-1 lg:flex-none"
              onClick={() => onApply(NO_FILTERS)}
            >
              {i18n._('statement.filters.clear')}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
