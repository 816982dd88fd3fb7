import type { UseFormReturn } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { monthName } from '../../../lib/dates.ts';
import { LtrInput } from '../../../components/ltr-input.tsx';
import type { SettingsFormInput, SettingsFormValues } from '../lib/settings-form.ts';
import { CardSection } from '../../../components/card-section.tsx';

type SettingsForm = UseFormReturn<SettingsFormInput, unknown, SettingsFormValues>;

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * The books' rules (docs/domain/accounts.md): the bank charges or interest one admin may book
 * alone, per bank line (above it, as any other money out, a second admin confirms); and the
 * month the association's year begins (docs/domain/year.md).
 */
export function BooksRulesSection({ form }: { form: SettingsForm }) {
  const i18n = useTexts();
  const error = form.formState.errors.books_rules?.one_admin_bank_fee?.message;
  return (
    <CardSection id="settings-books" title={i18n._('admin-books.settings.books.title')}>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={i18n._('admin-books.settings.books.oneAdminBankFee')}
          hint={i18n._('admin-books.settings.books.oneAdminBankFeeHint')}
          error={error}
        >
          {(a) => (
            // An amount, typed left to right in Arabic too, with a phone's decimal keypad.
            <LtrInput
              {...a}
              inputMode="decimal"
              {...form.register('books_rules.one_admin_bank_fee')}
            />
          )}
        </Field>
        <Field
          label={i18n._('admin-books.settings.books.yearStarts')}
          hint={i18n._('admin-books.settings.books.yearStartsHint')}
          error={form.formState.errors.books_rules?.year_starts_in_month?.message}
        >
          {(a) => (
            <select
              {...a}
              className={inputClass}
              {...form.register('books_rules.year_starts_in_month')}
            >
              {MONTHS.map((m) => (
                <option key={m} value={String(m)}>
                  {monthName(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </CardSection>
  );
}
