import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { RechargeRequest } from '@jamiya/contracts/recharge';
import { OPERATOR_CHOICES, RECHARGE_OPERATORS_TEXTS } from '../texts.ts';
import { Link } from 'react-router';
import { filsToAed } from '@jamiya/money/fils';
import { useSettings } from '../../../api/get-settings.ts';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { PhoneIcon } from '../../../components/icons.tsx';
import { aedFils } from '../../../lib/format.ts';
import { showFormErrors, toastSuccess, translateMessage } from '../../../lib/messages.ts';
import { useRequestRecharge } from '../api/request-recharge.ts';
import {
  EMPTY_RECHARGE,
  RECHARGE_FIELDS,
  rechargeRange,
  type RechargeFormInput,
  type RechargeFormValues,
} from '../lib/recharge-form.ts';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';

/**
 * The mobile recharge form of docs/product.md 10.2, made real (docs/product.md section 7): it sends a
 * request the committee completes or refuses, as the line beside Confirm & Pay says. The long
 * confirmation stays beside the form, brought into view, until a field changes: the success
 * toast, which closes after 1 s, only says the request is sent.
 */
export function MobileRechargeForm({
  headingLevel = 'h2',
  intro,
  showRequestsLink = true,
}: {
  headingLevel?: 'h1' | 'h2';
  intro?: string;
  /** A link to the list of requests in the confirmation (not on the page that shows it). */
  showRequestsLink?: boolean;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const settings = useSettings();
  const range = rechargeRange(settings.data);
  const [minFils, maxFils] = [range?.minFils, range?.maxFils];
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../lib/recharge-form-schema.ts').then((m) =>
          m.rechargeFormSchema(
            minFils !== undefined && maxFils !== undefined ? { minFils, maxFils } : null,
          ),
        ),
      ),
    [minFils, maxFils],
  );
  const send = useRequestRecharge();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const form = useForm<RechargeFormInput, unknown, RechargeFormValues>({
    resolver,
    defaultValues: EMPTY_RECHARGE,
  });
  const { errors } = form.formState;
  const Heading = headingLevel;
  const titleId = useId();
  const nextId = useId();
  const confirmationRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmation) confirmationRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [confirmation]);
  const clearConfirmation = { onChange: () => setConfirmation(null) };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setConfirmation(null);
      try {
        // The operator as chosen ("vodafone", the spec's name): the server keeps it as vi.
        const res = await send.mutateAsync({
          ...values,
          operator: form.getValues('operator') as RechargeRequest['operator'],
          amount: filsToAed(values.amount),
        });
        toastSuccess(i18n._('recharge.recharge.sentTitle'));
        setConfirmation(res.message);
        form.reset(EMPTY_RECHARGE);
      } catch (error) {
        showFormErrors(error, form.setError, RECHARGE_FIELDS);
      }
    },
    () => setConfirmation(null),
  );

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm md:p-6">
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
          <PhoneIcon className="size-5" />
        </span>
        <Heading
          id={titleId}
          className={`font-bold text-slate-900 ${headingLevel === 'h1' ? 'text-2xl' : 'text-lg'}`}
        >
          {i18n._('recharge.recharge.title')}
        </Heading>
      </div>
      {intro && <p className="-mt-2 mb-4 text-slate-700">{intro}</p>}
      <form noValidate onSubmit={onSubmit} className="grid gap-4 md:grid-cols-3">
        <Field
          label={i18n._('recharge.recharge.number')}
          hint={i18n._('recharge.recharge.numberHint')}
          error={errors.number?.message}
        >
          {(a) => (
            <input
              {...a}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder={i18n._('recharge.recharge.numberPlaceholder')}
              className={inputClass}
              {...form.register('number', clearConfirmation)}
            />
          )}
        </Field>
        <Field
          label={i18n._('recharge.recharge.amount')}
          hint={
            range
              ? i18n._('recharge.recharge.amountHint', {
                  min: aedFils(range.minFils),
                  max: aedFils(range.maxFils),
                })
              : undefined
          }
          error={errors.amount?.message}
        >
          {(a) => (
            <input
              {...a}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              placeholder={i18n._('recharge.recharge.amountPlaceholder')}
              className={inputClass}
              {...form.register('amount', clearConfirmation)}
            />
          )}
        </Field>
        <Field label={i18n._('recharge.recharge.operator')} error={errors.operator?.message}>
          {(a) => (
            <select {...a} className={inputClass} {...form.register('operator', clearConfirmation)}>
              <option value="" disabled>
                {i18n._('recharge.recharge.operatorPlaceholder')}
              </option>
              {OPERATOR_CHOICES.map((op) => (
                <option key={op} value={op}>
                  {i18n._(RECHARGE_OPERATORS_TEXTS[op]!)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-col gap-3 md:col-span-3">
          <NeedsNetwork />
          <Button
            type="submit"
            isBusy={form.formState.isSubmitting}
            disabled={!isOnline}
            aria-describedby={nextId}
            className="w-full md:w-auto md:self-start"
          >
            {i18n._('recharge.recharge.submit')}
          </Button>
          <p id={nextId} className="text-sm text-slate-700">
            {i18n._('recharge.recharge.next')}
          </p>
          <div role="status">
            {confirmation && (
              // Clear of the phone's bottom bar when brought into view.
              <div
                ref={confirmationRef}
                className="scroll-mb-24 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950 md:scroll-mb-4"
              >
                <p className="font-semibold">{i18n._('recharge.recharge.sentTitle')}</p>
                <p className="mt-1 text-sm">{translateMessage(confirmation)}</p>
                {showRequestsLink && (
                  <Link
                    to="/user/mobile-recharge"
                    className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {i18n._('recharge.recharge.seeRequests')}
                  </Link>
                )}
              </div>
            )}
          </div>
          <p className="text-sm text-slate-600">{i18n._('recharge.recharge.delayNote')}</p>
        </div>
      </form>
    </section>
  );
}
