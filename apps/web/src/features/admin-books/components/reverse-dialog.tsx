import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { ReverseEntryBody } from '@jamiya/contracts/accounts';
import { CORRECTION_REASONS } from '../lib/account-kinds.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { CORRECTION_REASONS_TEXTS } from '../texts.ts';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { textLink } from '../../../components/link-styles.ts';
import { applyServerErrors, sayRefusal, translateMessage } from '../../../lib/messages.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import type { JournalEntry } from '../api/get-journal.ts';
import { isProposed } from '../api/post-journal-entry.ts';
import { useReverseEntry, type ReverseAnswer } from '../api/reverse-entry.ts';
import { FormProblem } from '../../../components/form-problem.tsx';

const resolver = lazyZodResolver<ReverseEntryBody>(() =>
  import('@jamiya/contracts/accounts').then((m) => m.reverseEntryBody),
);

/**
 * "Correct (reverse)…": why (one of six reasons, in words) and a sentence, then the correction,
 * a new entry that reverses the original (or its proposal, with two admins); then what it did.
 */
export function ReverseDialog({
  entry,
  onClose,
}: {
  entry: JournalEntry | null;
  onClose: () => void;
}) {
  const i18n = useTexts();
  const [answer, setAnswer] = useState<ReverseAnswer | null>(null);
  const close = () => {
    setAnswer(null);
    onClose();
  };
  return (
    <FormModal
      isOpen={entry !== null}
      onClose={close}
      title={i18n._('admin-books.reverse.title', { id: entry?.id ?? 0 })}
    >
      {(onInvalid) =>
        entry &&
        (answer ? (
          <Outcome answer={answer} onClose={close} />
        ) : (
          <ReverseForm
            key={entry.id}
            entry={entry}
            onDone={setAnswer}
            onClose={close}
            onInvalid={onInvalid}
          />
        ))
      }
    </FormModal>
  );
}

function ReverseForm({
  entry,
  onDone,
  onClose,
  onInvalid,
}: {
  entry: JournalEntry;
  onDone: (answer: ReverseAnswer) => void;
  onClose: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const reverse = useReverseEntry();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReverseEntryBody>({ resolver, defaultValues: { reason: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      onDone(await reverse.mutateAsync({ entryId: entry.id, body }));
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason_code', 'reason']);
      // Refused (already corrected, the admin's own money, cash too low): said here.
      sayRefusal(error, setRefusal);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-slate-800">
        {i18n._('admin-books.reverse.intro', { id: entry.id, memo: entry.memo })}
      </p>
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={Boolean(errors.reason_code)}
        aria-describedby={errors.reason_code ? 'reverse-reason-code-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">
          {i18n._('admin-books.reverse.reasonCode')}
        </legend>
        {CORRECTION_REASONS.map((code) => (
          <label key={code} className="flex min-h-11 items-center gap-3 text-slate-800">
            <input
              type="radio"
              value={code}
              className="size-5 shrink-0 accent-brand-700"
              {...form.register('reason_code')}
            />
            {i18n._(CORRECTION_REASONS_TEXTS[code])}
          </label>
        ))}
        {errors.reason_code?.message && (
          <p id="reverse-reason-code-error" role="alert" className="text-sm text-red-700">
            {translateMessage(errors.reason_code.message)}
          </p>
        )}
      </fieldset>
      <Field
        label={i18n._('admin-books.reverse.reason')}
        hint={i18n._('admin-books.reverse.reasonHint')}
        error={errors.reason?.message}
      >
        {(a) => (
          <textarea
            {...a}
            rows={3}
            maxLength={200}
            aria-required
            className={inputClass}
            {...form.register('reason')}
          />
        )}
      </Field>
      <FormProblem message={refusal} />
      <ModalActions>
        <CancelButton disabled={reverse.isPending} onClick={onClose} />
        <Button type="submit" variant="danger" isBusy={form.formState.isSubmitting}>
          {i18n._('admin-books.reverse.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}

/** What the correction did, or that it waits for a second admin. */
function Outcome({ answer, onClose }: { answer: ReverseAnswer; onClose: () => void }) {
  const i18n = useTexts();
  return (
    <div className="flex flex-col gap-3">
      <div role="status" className="flex flex-col gap-2 rounded-xl bg-green-50 p-3 text-green-950">
        <p className="font-semibold">{translateMessage(answer.message)}</p>
        {isProposed(answer) ? (
          <p>{i18n._('admin-books.reverse.proposed')}</p>
        ) : (
          <>
            <p>
              {i18n._('admin-books.reverse.done', {
                id: answer.entry_id,
                reversal: answer.reversal_entry_id,
              })}
            </p>
            {answer.payment_id !== null && <p>{i18n._('admin-books.reverse.monthOpen')}</p>}
            {answer.line_id !== null && (
              <p>
                {i18n._('admin-books.reverse.lineOpen', { id: answer.line_id })}{' '}
                <Link to="/admin/bank" className={textLink}>
                  {i18n._('admin-books.reverse.openBank')}
                </Link>
              </p>
            )}
          </>
        )}
      </div>
      <ModalActions>
        <Button onClick={onClose}>{i18n._('common.close')}</Button>
      </ModalActions>
    </div>
  );
}
