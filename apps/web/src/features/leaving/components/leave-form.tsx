import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useController, useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { applyServerErrors, toastError, toastSuccess } from '../../../lib/messages.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useAskToLeave } from '../api/ask-to-leave.ts';
import { LEAVE_FIELDS, type LeaveFormInput, type LeaveFormValues } from '../lib/leave-form.ts';

/** The first part of the date field, its day, for the focus (a refused date, "Go back"). */
const focusDay = (fields: HTMLElement | null) => fields?.querySelector('select')?.focus();

/**
 * "Ask to leave": the leaving day (today in Dubai unless the member chooses another) and
 * where to pay out; then a second step that says what it does before anything is sent.
 * `payout` is what leaving would pay today, said again in that step. `onSent` runs once the
 * server has the request (the page then shows it).
 */
export function LeaveForm({
  payout,
  isHeadingFocused = false,
  onSent,
}: {
  payout: number | null;
  /** The heading takes the focus as the form appears (after a request was withdrawn). */
  isHeadingFocused?: boolean;
  onSent: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const ask = useAskToLeave();
  const today = dubaiToday();
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../lib/exit-request-schema.ts').then((m) =>
          m.exitRequestSchema(today, {
            tooEarly: i18n._('leaving.form.tooEarly'),
            tooLate: i18n._('leaving.form.tooLate'),
          }),
        ),
      ),
    [today, i18n],
  );
  const form = useForm<LeaveFormInput, unknown, LeaveFormValues>({
    resolver,
    defaultValues: { leave_on: today, pay_to: '' },
  });
  const { errors } = form.formState;
  // What the member is asked to confirm; a change to a field asks again.
  const [confirming, setConfirming] = useState<LeaveFormValues | null>(null);
  const clearConfirming = () => setConfirming(null);
  const date = useController({ control: form.control, name: 'leave_on' });
  const dateRef = useRef<HTMLDivElement>(null);
  const continueRef = useRef<HTMLDivElement>(null);
  const { ref: registerDate } = date.field;
  useEffect(() => registerDate({ focus: () => focusDay(dateRef.current) }), [registerDate]);
  const titleId = useId();
  const thisYear = Number(today.slice(0, 4));

  const onSubmit = form.handleSubmit((values) => setConfirming(values));

  const goBack = () => {
    flushSync(clearConfirming);
    continueRef.current?.querySelector('button')?.focus();
  };

  const send = async () => {
    if (!confirming) return;
    try {
      const answer = await ask.mutateAsync(confirming);
      toastSuccess(answer.message);
      onSent();
    } catch (error) {
      const field =
        error instanceof ApiError ? LEAVE_FIELDS.find((f) => error.errors[f]?.length) : undefined;
      if (field) {
        // The fields say what is wrong, where the member corrects it.
        flushSync(clearConfirming);
        applyServerErrors(error, form.setError, LEAVE_FIELDS);
        form.setFocus(field);
      } else toastError(error);
    }
  };

  const Heading = isHeadingFocused ? FocusHeading : 'h2';
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <Heading id={titleId} className="text-lg font-bold text-slate-900">
        {i18n._('leaving.form.title')}
      </Heading>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div ref={dateRef}>
          <Field
            label={i18n._('leaving.form.leaveOn')}
            hint={i18n._('leaving.form.leaveOnHint')}
            // A part not chosen says so, rather than the schema's "as YYYY-MM-DD".
            error={
              errors.leave_on &&
              (date.field.value === INCOMPLETE
                ? i18n._('common.date.incomplete')
                : errors.leave_on.message)
            }
          >
            {(a) => (
              <DateField
                {...a}
                label={i18n._('leaving.form.leaveOn')}
                value={date.field.value}
                onChange={(value) => {
                  clearConfirming();
                  date.field.onChange(value);
                }}
                fromYear={thisYear}
                toYear={thisYear + 1}
              />
            )}
          </Field>
        </div>
        <Field
          label={i18n._('leaving.form.payTo')}
          hint={i18n._('leaving.form.payToHint')}
          error={errors.pay_to?.message}
        >
          {(a) => (
            <textarea
              {...a}
              rows={2}
              maxLength={200}
              autoComplete="off"
              className={inputClass}
              {...form.register('pay_to', { onChange: clearConfirming })}
            />
          )}
        </Field>
        {confirming ? (
          <div
            role="group"
            aria-labelledby="leaving-confirm"
            className="flex flex-col gap-3 rounded-xl border-2 border-red-200 bg-red-50 p-4 text-red-950"
          >
            <FocusHeading id="leaving-confirm">{i18n._('leaving.confirm.title')}</FocusHeading>
            <p>{i18n._('leaving.confirm.body')}</p>
            <ul className="flex flex-col gap-1 text-sm">
              <li>
                {i18n._('leaving.confirm.leaveOn', { date: formatDate(confirming.leave_on) })}
              </li>
              <li>{i18n._('leaving.confirm.payTo', { payTo: isolated(confirming.pay_to) })}</li>
              {payout !== null && (
                <li>{i18n._('leaving.confirm.payout', { amount: aed(payout) })}</li>
              )}
            </ul>
            <NeedsNetwork />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={ask.isPending} onClick={goBack}>
                {i18n._('leaving.confirm.back')}
              </Button>
              <Button
                variant="danger"
                isBusy={ask.isPending}
                disabled={!isOnline}
                className="disabled:opacity-60"
                onClick={() => void send()}
              >
                {i18n._('leaving.confirm.yes')}
              </Button>
            </div>
          </div>
        ) : (
          <div ref={continueRef} className="flex">
            <Button type="submit" isBusy={form.formState.isSubmitting} className="w-full sm:w-auto">
              {i18n._('leaving.form.continue')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
