import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ImportApplied, ImportDryRun, ImportProposed } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Button } from '../../../components/button.tsx';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field } from '../../../components/field.tsx';
import { FileInput } from '../../../components/file-input.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, errorMessage } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { cellErrorsOf, useCheckImport, type ImportInput } from '../api/check-import.ts';
import type { ImportFormInput, ImportFormValues } from '../lib/import-form-schema.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { LaterPart, preloadLaterParts } from './later-parts.tsx';
import { SendingStatus } from '../../../components/sending-status.tsx';
import { CardSection } from '../../../components/card-section.tsx';

const FIELDS = ['file', 'as_of', 'opening_cash'] as const;
const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the last check or apply answered, shown under the form. */
type Outcome =
  | { kind: 'checked'; dryRun: ImportDryRun; input: ImportInput; refusal?: string }
  | { kind: 'proposed'; answer: ImportProposed }
  | { kind: 'refused'; message: string };

/**
 * The file, the cut-over day and the bank balance; "Check the file" sends them as a dry run,
 * and its answer comes under the form, where the import is applied. An apply that is done
 * (201) goes to `onApplied`, which shows it at the top of the page.
 */
export function ImportDesk({
  hasWaiting,
  onApplied,
}: {
  hasWaiting: boolean;
  onApplied: (answer: ImportApplied) => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const today = dubaiToday();
  const thisYear = Number(today.slice(0, 4));
  const resolver = useMemo(() => {
    const say = {
      fileMissing: i18n._('admin-import.form.fileMissing'),
      fileTooLarge: i18n._('admin-import.form.fileTooLarge'),
      fileType: i18n._('admin-import.form.fileType'),
      dateMissing: i18n._('admin-import.form.dateMissing'),
      dateAfterToday: i18n._('admin-import.form.dateAfterToday'),
      cashMissing: i18n._('admin-import.form.cashMissing'),
      cashNotAmount: i18n._('admin-import.form.cashNotAmount'),
      cashNegative: i18n._('admin-import.form.cashNegative'),
    };
    return lazyZodResolver(() =>
      import('../lib/import-form-schema.ts').then((m) => m.importFormSchema(say, today)),
    );
  }, [i18n, today]);
  const form = useForm<ImportFormInput, unknown, ImportFormValues>({
    resolver,
    defaultValues: { file: undefined, as_of: '', opening_cash: '' },
  });
  const { errors } = form.formState;
  const fileRef = useRef<HTMLInputElement>(null);
  const { check, progress } = useCheckImport();
  // Each answer is drawn anew (its heading takes the focus), even when it is the same kind.
  const [outcome, setOutcome] = useState<{ n: number; is: Outcome } | null>(null);
  const show = (next: Outcome) => setOutcome((o) => ({ n: (o?.n ?? 0) + 1, is: next }));

  /** A refusal of a field lands under it; of the file's cells, in the dry run; else, said. */
  const refuse = (error: unknown, checked?: Extract<Outcome, { kind: 'checked' }>) => {
    const cells = cellErrorsOf(error);
    if (cells && checked) {
      const message = error instanceof ApiError ? error.message : undefined;
      const dryRun = {
        ...checked.dryRun,
        errors: cells,
        errors_total: cells.length,
        error_rows: new Set(cells.map((c) => c.row)).size,
      };
      return show({ ...checked, dryRun, refusal: message });
    }
    const fields =
      error instanceof ApiError
        ? FIELDS.filter((f) => (error.errors as Record<string, unknown>)[f] !== undefined)
        : [];
    if (fields.length > 0) {
      applyServerErrors(error, form.setError, FIELDS);
      setOutcome(null);
      form.setFocus(fields[0]!);
      return;
    }
    if (checked) return show({ ...checked, refusal: errorMessage(error) });
    show({ kind: 'refused', message: errorMessage(error) });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    preloadLaterParts();
    try {
      show({ kind: 'checked', dryRun: await check.mutateAsync(values), input: values });
    } catch (error) {
      refuse(error);
    }
  });

  const onProposed = (answer: ImportProposed) => {
    form.reset();
    if (fileRef.current) fileRef.current.value = '';
    show({ kind: 'proposed', answer });
  };

  const chooseFile = () => {
    fileRef.current?.focus();
    fileRef.current?.click();
  };

  const checked = outcome?.is.kind === 'checked' ? outcome.is : undefined;
  const dateError =
    form.getValues('as_of') === INCOMPLETE
      ? i18n._('common.date.incomplete')
      : errors.as_of?.message;

  return (
    <>
      <CardSection
        id="import-check"
        title={i18n._('admin-import.form.title')}
        intro={i18n._('admin-import.form.intro')}
      >
        <NeedsNetwork />
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field
            label={i18n._('admin-import.form.file')}
            hint={i18n._('admin-import.form.fileHint')}
            error={errors.file?.message}
          >
            {(a) => (
              <FileInput
                control={form.control}
                name="file"
                field={a}
                inputRef={fileRef}
                accept={ACCEPT}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <Field
              label={i18n._('admin-import.form.asOf')}
              hint={i18n._('admin-import.form.asOfHint')}
              error={dateError}
            >
              {(a) => (
                <Controller
                  control={form.control}
                  name="as_of"
                  render={({ field }) => (
                    <DateField
                      {...a}
                      label={i18n._('admin-import.form.asOf')}
                      value={field.value}
                      onChange={field.onChange}
                      fromYear={thisYear - 10}
                      toYear={thisYear}
                    />
                  )}
                />
              )}
            </Field>
            <Field
              label={i18n._('admin-import.form.cash')}
              hint={i18n._('admin-import.form.cashHint')}
              error={errors.opening_cash?.message}
            >
              {(a) => <AmountInput {...a} {...form.register('opening_cash')} />}
            </Field>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" isBusy={check.isPending} disabled={!isOnline}>
              {check.isPending
                ? i18n._('admin-import.form.checking')
                : i18n._('admin-import.form.submit')}
            </Button>
            <div className="flex-1">
              <SendingStatus progress={progress} checking={i18n._('admin-import.sending.check')} />
            </div>
          </div>
        </form>
      </CardSection>
      {checked && (
        <LaterPart>
          {({ DryRunResult }) => (
            <DryRunResult
              key={outcome?.n}
              dryRun={checked.dryRun}
              input={checked.input}
              refusal={checked.refusal}
              hasWaiting={hasWaiting}
              onChooseFile={chooseFile}
              onApplied={onApplied}
              onProposed={onProposed}
              onRefused={(error) => refuse(error, checked)}
            />
          )}
        </LaterPart>
      )}
      {outcome?.is.kind === 'proposed' && (
        <section
          key={outcome.n}
          aria-labelledby="import-result"
          className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
        >
          <FocusHeading id="import-result">{i18n._('admin-import.proposed.title')}</FocusHeading>
          <p>{outcome.is.answer.message}</p>
          <p className="text-sm">{i18n._('admin-import.proposed.where')}</p>
        </section>
      )}
      {outcome?.is.kind === 'refused' && (
        <section
          key={outcome.n}
          aria-labelledby="import-result"
          className="flex flex-col gap-2 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-6"
        >
          <FocusHeading id="import-result">{i18n._('admin-import.refused.title')}</FocusHeading>
          <p role="alert">{outcome.is.message}</p>
        </section>
      )}
    </>
  );
}
