import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { applyServerErrors, errorMessage, sayRefusal } from '../../../lib/messages.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useBookLine } from '../api/book-line.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { accountChoices, OTHER_ACCOUNT, type AccountChoices } from '../lib/account-choices.ts';
import type { BookFormInput, BookFormValues } from '../lib/book-form-schema.ts';
import { isProposed } from '../lib/proposed-answer.ts';
import { ACCOUNT_KIND_TEXTS } from '../texts.ts';
import { LineSummary } from './bank-line.tsx';
import type { LineDialogProps, LineDone } from './line-outcome.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

const resolver = lazyZodResolver<BookFormInput, BookFormValues>(() =>
  import('../lib/book-form-schema.ts').then((m) => m.bookFormSchema),
);

/**
 * A bank line that is no member's money booked to one of the association's accounts, with a
 * memo: the bank's charges and interest offered first, the one the line's direction suggests
 * chosen. Booked at once (201), or proposed to a second admin (202) for money out.
 */
export function BookDialog({ line, onClose, onDone }: LineDialogProps) {
  const i18n = useTexts();
  const book = useBookLine();
  return (
    <FormModal
      isOpen={line !== null}
      onClose={() => !book.isPending && onClose()}
      title={i18n._('admin-bank.book.title')}
    >
      {(onInvalid) =>
        line && (
          <BookChoices
            key={line.id}
            line={line}
            book={book}
            onClose={onClose}
            onDone={onDone}
            onInvalid={onInvalid}
          />
        )
      }
    </FormModal>
  );
}

interface FormProps {
  line: BankLine;
  book: ReturnType<typeof useBookLine>;
  onClose: () => void;
  onDone: (done: LineDone) => void;
  onInvalid: () => void;
}

function BookChoices(props: FormProps) {
  const i18n = useTexts();
  const accounts = useAccounts();
  if (accounts.isPending) return <Spinner />;
  if (accounts.isError && !accounts.data)
    return (
      <ErrorState message={errorMessage(accounts.error)} onRetry={() => void accounts.refetch()} />
    );
  const choices = accountChoices(accounts.data.items, props.line.amount < 0);
  if (choices.quick.length > 0 || choices.groups.length > 0)
    return <BookForm {...props} choices={choices} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
        {i18n._('admin-bank.book.noAccount')}
      </p>
      <ModalActions>
        <Button variant="secondary" onClick={props.onClose}>
          {i18n._('common.close')}
        </Button>
      </ModalActions>
    </div>
  );
}

function BookForm({
  line,
  book,
  onClose,
  onDone,
  onInvalid,
  choices,
}: FormProps & { choices: AccountChoices }) {
  const i18n = useTexts();
  const form = useForm<BookFormInput, unknown, BookFormValues>({
    resolver,
    defaultValues: { quick: choices.quick[0]?.code ?? OTHER_ACCOUNT, account: '', memo: '' },
  });
  const quick = useWatch({ control: form.control, name: 'quick' });
  const { errors } = form.formState;
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const answer = await book.mutateAsync({ lineId: line.id, body });
      onDone({ kind: isProposed(answer) ? 'proposed' : 'booked', message: answer.message });
    } catch (error) {
      applyServerErrors(error, form.setError, ['account', 'memo']);
      sayRefusal(error, setRefusal);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="rounded-xl bg-slate-50 p-3">
        <LineSummary line={line} />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-slate-800">
          {i18n._('admin-bank.book.account')}
        </legend>
        {choices.quick.map((a, i) => (
          <label key={a.code} className="flex min-h-11 items-center gap-3 px-1 text-slate-900">
            <input
              type="radio"
              value={a.code}
              // The dialog is opened to choose the account.
              autoFocus={i === 0}
              className="size-5 shrink-0 accent-brand-700"
              {...form.register('quick')}
            />
            <bdi>{a.name}</bdi>
          </label>
        ))}
        {choices.groups.length > 0 && choices.quick.length > 0 && (
          <label className="flex min-h-11 items-center gap-3 px-1 text-slate-900">
            <input
              type="radio"
              value={OTHER_ACCOUNT}
              className="size-5 shrink-0 accent-brand-700"
              {...form.register('quick')}
            />
            {i18n._('admin-bank.book.other')}
          </label>
        )}
      </fieldset>
      {quick === OTHER_ACCOUNT && (
        <Field label={i18n._('admin-bank.book.otherAccount')} error={errors.account?.message}>
          {(a) => (
            <select
              {...a}
              autoFocus={choices.quick.length === 0}
              className={inputClass}
              {...form.register('account')}
            >
              <option value="">{i18n._('admin-bank.book.chooseAccount')}</option>
              {choices.groups.map((g) => (
                <optgroup key={g.kind} label={i18n._(ACCOUNT_KIND_TEXTS[g.kind])}>
                  {g.accounts.map((acc) => (
                    <option key={acc.code} value={acc.code}>
                      {acc.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        label={i18n._('admin-bank.book.memo')}
        hint={i18n._('admin-bank.book.memoHint')}
        error={errors.memo?.message}
      >
        {(a) => <input {...a} maxLength={200} className={inputClass} {...form.register('memo')} />}
      </Field>
      <FormProblem message={refusal} />
      <p className="text-sm text-slate-700">
        {i18n._('admin-bank.book.note', {
          amount: aed(Math.abs(line.amount)),
          date: formatDate(line.booked_on),
        })}
      </p>
      <ModalActions>
        <CancelButton disabled={book.isPending} onClick={onClose} />
        <Button type="submit" isBusy={book.isPending}>
          {i18n._('admin-bank.book.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
