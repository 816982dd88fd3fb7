import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { BankStatement, CsvColumns } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FileInput } from '../../../components/file-input.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { SendingStatus } from '../../../components/sending-status.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, errorMessage } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useImportStatement, type StatementSent } from '../api/import-statement.ts';
import { useReadColumns } from '../api/read-columns.ts';
import {
  isCsvFile,
  needsDateOrder,
  startingFields,
  type MappingFields,
} from '../lib/csv-mapping.ts';
import { fileProblemsOf } from '../lib/file-problems.ts';
import type { StatementFormInput, StatementFormValues } from '../lib/statement-form-schema.ts';
import type { Outcome } from './import-outcome.tsx';
import { LaterPart } from './later-parts.tsx';
import { CardSection } from '../../../components/card-section.tsx';

const ACCEPT = '.csv,.xml,.sta,.mt940,.940,.txt,text/csv,application/xml,text/xml,text/plain';

const NO_MAPPING: MappingFields = {
  date: '',
  date_order: '',
  amount_mode: 'one',
  amount: '',
  credit: '',
  debit: '',
  reference: '',
  description: '',
  balance: '',
  decimal: '.',
};
const EMPTY: StatementFormInput = { file: undefined, bank: '', ...NO_MAPPING };
const MAPPING_FIELDS = Object.keys(NO_MAPPING);

/**
 * The statement to import: the file, the bank's name and, for a CSV, which column holds what
 * (its columns are read as soon as it is chosen, the bank's remembered choices filled in).
 * What the server answers comes under the form; an import done goes to `onImported`.
 */
export function StatementImport({
  onImported,
}: {
  onImported: (statement: BankStatement) => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const [columns, setColumns] = useState<CsvColumns | null>(null);
  const resolver = useMemo(() => {
    const say = {
      fileMissing: i18n._('admin-bank.import.fileMissing'),
      fileTooLarge: i18n._('admin-bank.import.fileTooLarge'),
      amountMissing: i18n._('admin-bank.mapping.amountMissing'),
      dateMissing: i18n._('admin-bank.mapping.dateMissing'),
      dateOrderMissing: i18n._('admin-bank.mapping.dateOrderMissing'),
    };
    const csv = columns
      ? { needsDateOrder: (dateColumn: string) => needsDateOrder(columns, dateColumn) }
      : null;
    return lazyZodResolver(() =>
      import('../lib/statement-form-schema.ts').then((m) => m.statementFormSchema(say, csv)),
    );
  }, [i18n, columns]);
  const form = useForm<StatementFormInput, unknown, StatementFormValues>({
    resolver,
    defaultValues: EMPTY,
  });
  const fileRef = useRef<HTMLInputElement>(null);
  const read = useReadColumns();
  const { send, progress } = useImportStatement();
  // Each answer is drawn anew (its heading takes the focus), even when it is the same kind.
  const [outcome, setOutcome] = useState<{ n: number; is: Outcome } | null>(null);
  const show = (next: Outcome) => setOutcome((o) => ({ n: (o?.n ?? 0) + 1, is: next }));

  const readColumnsOf = (file: File) => {
    setColumns(null);
    read.mutate(
      { file, bank: form.getValues('bank') },
      {
        onSuccess: (found) => {
          // Another file chosen meanwhile has its own columns coming.
          if (form.getValues('file') !== file) return;
          const values = form.getValues();
          form.reset({
            ...values,
            ...startingFields(found),
            bank: values.bank || found.remembered?.bank || '',
          });
          setColumns(found);
        },
      },
    );
  };

  const file = useWatch({ control: form.control, name: 'file' });
  const { reset: forgetRead } = read;
  useEffect(() => {
    // The form emptied once a statement is imported keeps what the server answered.
    if (!(file instanceof File)) return;
    setOutcome(null);
    setColumns(null);
    forgetRead();
    if (isCsvFile(file)) readColumnsOf(file);
    // A new file, and only that, asks for its columns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  const refuse = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
      return show({ kind: 'refused', message: errorMessage(error) });
    const { lookalikes } = error.errors;
    if (error.status === 409)
      return show(
        lookalikes?.length
          ? { kind: 'lookalikes', message: error.message, lines: lookalikes }
          : { kind: 'before', message: error.message },
      );
    const problems = fileProblemsOf(error.errors);
    // A CSV the page did not take for one (its name): its columns first.
    if (error.errors.mapping && !columns && file instanceof File) {
      readColumnsOf(file);
      return show({ kind: 'refused', message: error.message });
    }
    if (error.errors.file && problems.lines.length === 0) {
      applyServerErrors(error, form.setError, ['file']);
      setOutcome(null);
      form.setFocus('file');
      return;
    }
    applyServerErrors(error, form.setError, MAPPING_FIELDS);
    show(
      problems.lines.length > 0 || problems.general.length > 0
        ? { kind: 'problems', message: error.message, problems }
        : { kind: 'refused', message: error.message },
    );
  };

  // The last values sent, to send again with the answer about lookalike lines.
  const sent = useRef<StatementSent | null>(null);
  const importStatement = async (values: StatementSent) => {
    sent.current = values;
    try {
      const answer = await send.mutateAsync(values);
      form.reset(EMPTY);
      if (fileRef.current) fileRef.current.value = '';
      setColumns(null);
      show({ kind: 'imported', answer });
      onImported(answer.statement);
    } catch (error) {
      refuse(error);
    }
  };
  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    return importStatement(values);
  });

  const isCsv = file instanceof File && isCsvFile(file);
  return (
    <CardSection
      id="bank-import"
      title={i18n._('admin-bank.import.title')}
      intro={i18n._('admin-bank.import.intro')}
    >
      <NeedsNetwork />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <Field
            label={i18n._('admin-bank.import.file')}
            hint={i18n._('admin-bank.import.fileHint')}
            error={form.formState.errors.file?.message}
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
          <Field
            label={i18n._('admin-bank.import.bank')}
            hint={i18n._('admin-bank.import.bankHint')}
            error={form.formState.errors.bank?.message}
          >
            {(a) => (
              <input
                {...a}
                {...form.register('bank')}
                autoComplete="organization"
                className={inputClass}
              />
            )}
          </Field>
        </div>
        {isCsv && read.isPending && <Loading label={i18n._('admin-bank.import.readingColumns')} />}
        {isCsv && read.isError && (
          <ErrorState message={errorMessage(read.error)} onRetry={() => readColumnsOf(file)} />
        )}
        {isCsv && columns && (
          <LaterPart>
            {({ ColumnMapping }) => <ColumnMapping form={form} columns={columns} />}
          </LaterPart>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" isBusy={send.isPending} disabled={!isOnline || (isCsv && !columns)}>
            {send.isPending
              ? i18n._('admin-bank.import.importing')
              : i18n._('admin-bank.import.submit')}
          </Button>
          <div className="flex-1">
            <SendingStatus progress={progress} checking={i18n._('admin-bank.import.reading')} />
          </div>
        </div>
      </form>
      {outcome && (
        <LaterPart key={outcome.n}>
          {({ ImportOutcome }) => (
            <ImportOutcome
              outcome={outcome.is}
              isSending={send.isPending}
              onLookalikes={(lookalikes) => {
                if (sent.current) void importStatement({ ...sent.current, lookalikes });
              }}
            />
          )}
        </LaterPart>
      )}
    </CardSection>
  );
}
