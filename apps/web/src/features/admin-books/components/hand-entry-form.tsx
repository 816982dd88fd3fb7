import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FileInput } from '../../../components/file-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  applyServerErrors,
  errorMessage,
  toastError,
  translateMessage,
} from '../../../lib/messages.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import type { ChartAccount } from '../api/get-accounts.ts';
import {
  usePostJournalEntry,
  type EntryAnswer,
  type EntryBody,
} from '../api/post-journal-entry.ts';
import {
  emptyLine,
  MAX_LINES,
  MIN_LINES,
  serverFields,
  sums,
  toEntryBody,
  type EntryFormInput,
  type EntryFormValues,
  type MemberChoice,
} from '../lib/entry-form.ts';
import { EntryDifference } from './entry-difference.tsx';
import { EntryLineFields } from './entry-line-fields.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

const resolver = lazyZodResolver<EntryFormInput, EntryFormValues>(() =>
  import('../lib/entry-form-schema.ts').then((m) => m.entryForm),
);

const YEARS_BACK = 5;

let lastRow = 0;
const nextRow = () => ++lastRow;

/**
 * An entry by hand: the day, what it is for, its lines (at least two, each a debit or a credit),
 * and the receipt if there is one. Sent only once the debits equal the credits.
 */
export function HandEntryForm({
  accounts,
  onDone,
}: {
  accounts: readonly ChartAccount[];
  onDone: (answer: EntryAnswer, body: EntryBody, members: MemberChoice[]) => void;
}) {
  const i18n = useTexts();
  const post = usePostJournalEntry();
  const [isUnbalanced, setUnbalanced] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<EntryFormInput, unknown, EntryFormValues>({
    resolver,
    defaultValues: { date: dubaiToday(), memo: '', lines: [emptyLine(), emptyLine()] },
  });
  // The lines' keys, kept beside the form: useFieldArray would add 1.1 KB to the forms chunk
  // that every member's first session loads (its 200 KB budget, docs/performance.md).
  const [rows, setRows] = useState(() => [nextRow(), nextRow()]);
  const addLine = () => {
    form.setValue(`lines.${rows.length}`, emptyLine());
    setRows([...rows, nextRow()]);
  };
  const removeLine = (index: number) => {
    form.setValue(
      'lines',
      form.getValues('lines').filter((_, i) => i !== index),
    );
    setRows(rows.filter((_, i) => i !== index));
  };
  const { errors } = form.formState;
  const thisYear = new Date().getFullYear();

  const isBalanced = () => sums(form.getValues('lines')).differenceFils === 0;
  const onSubmit = form.handleSubmit(
    async (values) => {
      setRefusal(null);
      if (!isBalanced()) {
        setUnbalanced(true);
        document.getElementById('entry-difference')?.focus();
        return;
      }
      setUnbalanced(false);
      const body = toEntryBody(values);
      try {
        const members = form.getValues('lines').flatMap((l) => (l.member ? [l.member] : []));
        onDone(await post.mutateAsync({ body, evidence: values.evidence }), body, members);
      } catch (error) {
        applyServerErrors(error, form.setError, serverFields(values.lines.length));
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          // What is wrong with the lines as a whole (they do not balance) is said with the message.
          const message = errorMessage(error);
          const about = error.errors.lines?.[0] && translateMessage(error.errors.lines[0]);
          setRefusal(about && about !== message ? `${message} ${about}` : message);
        } else toastError(error);
      }
    },
    () => setUnbalanced(!isBalanced()),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <Field label={i18n._('admin-books.entry.date')} error={errors.date?.message}>
              {(a) => (
                <DateField
                  {...a}
                  label={i18n._('admin-books.entry.date')}
                  value={field.value}
                  onChange={(day) => field.onChange(day === INCOMPLETE ? '' : day)}
                  fromYear={thisYear - YEARS_BACK}
                  toYear={thisYear}
                />
              )}
            </Field>
          )}
        />
        <Field
          label={i18n._('admin-books.entry.memo')}
          hint={i18n._('admin-books.entry.memoHint')}
          error={errors.memo?.message}
        >
          {(a) => (
            <input
              {...a}
              maxLength={200}
              autoComplete="off"
              className={inputClass}
              {...form.register('memo')}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <EntryLineFields
            key={row}
            form={form}
            index={index}
            accounts={accounts}
            onRemove={rows.length > MIN_LINES ? () => removeLine(index) : undefined}
          />
        ))}
        {rows.length < MAX_LINES && (
          <div>
            <Button variant="secondary" onClick={addLine}>
              {i18n._('admin-books.entry.addLine')}
            </Button>
          </div>
        )}
      </div>
      <EntryDifference control={form.control} isRefused={isUnbalanced} />
      <Field
        label={i18n._('admin-books.entry.evidence')}
        hint={i18n._('admin-books.entry.evidenceHint')}
        error={errors.evidence?.message}
      >
        {(a) => <FileInput control={form.control} name="evidence" field={a} />}
      </Field>
      <FormProblem message={refusal} />
      <div>
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {i18n._('admin-books.entry.submit')}
        </Button>
      </div>
    </form>
  );
}
