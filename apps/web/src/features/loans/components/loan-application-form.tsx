import { aedFils } from '../../../lib/format.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Language } from '@jamiya/contracts/languages';
import { useTexts } from '../../../lib/i18n.tsx';
import { LOAN_TYPES_TEXTS } from '../texts.ts';
import { LOAN_TYPES } from '@jamiya/contracts/values';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { LtrInput } from '../../../components/ltr-input.tsx';
import { applyServerErrors, toastError, toastSuccess } from '../../../lib/messages.ts';
import type { Fils } from '@jamiya/money/fils';
import { ApiError } from '../../../lib/api-client.ts';
import { useApplyForLoan } from '../api/apply-for-loan.ts';
import { formFieldOf, type LoanFormInput, type LoanFormValues } from '../lib/loan-form-fields.ts';
import { emptyGuarantorRow, guaranteeNeededFils } from '../lib/guarantors.ts';
import { MAX_GUARANTORS } from '@jamiya/contracts/values';
import { CUSTOM_TERM, estimateLoan, termMonths, type PolicyFils } from '../lib/loan-terms.ts';
import { AmountStepper } from './amount-stepper.tsx';
import { TermChoice } from './term-choice.tsx';
import { LoanEstimate } from './loan-estimate.tsx';
import { LaterPart, preloadLaterParts } from './later-parts.tsx';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';

export function LoanApplicationForm({
  policy,
  freeSavingsFils,
  interestRatePercent,
  termsText,
  termsLanguage,
  blockedReason,
}: {
  /** The member's own range: at most what they may borrow. */
  policy: PolicyFils;
  /** Savings not held for guarantees: the part of a loan above it needs guarantors. */
  freeSavingsFils: Fils;
  interestRatePercent: number;
  termsText: string;
  /** The language the treasurer wrote the terms in: English where not in the member's. */
  termsLanguage: Language;
  /** Why the server would refuse an application now (an open loan, an inactive membership). */
  blockedReason?: string | undefined;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const apply = useApplyForLoan();
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../lib/loan-form-schema.ts').then((m) =>
          m.loanFormSchema({
            policy,
            freeSavingsFils,
            messages: {
              invalid: i18n._('loans.apply.customTermInvalid'),
              tooLong: i18n._('loans.apply.customTermTooLong', { max: policy.maxCustomTerm }),
              memberId: i18n._('loans.apply.guarantors.memberIdInvalid'),
              duplicate: i18n._('loans.apply.guarantors.duplicate'),
              amount: i18n._('loans.apply.guarantors.amountInvalid'),
              tooMany: i18n._('loans.apply.guarantors.max', { max: MAX_GUARANTORS }),
              notEnough: (coveredFils, neededFils) =>
                i18n._('loans.apply.guarantors.notEnough', {
                  covered: aedFils(coveredFils),
                  needed: aedFils(neededFils),
                }),
            },
          }),
        ),
      ),
    [policy, freeSavingsFils, i18n],
  );
  const defaults = useMemo<LoanFormInput>(
    () => ({
      loan_type: 'personal',
      amountFils: policy.defaultFils,
      term: String(policy.terms.includes(1) ? 1 : (policy.terms[0] ?? CUSTOM_TERM)),
      custom_term: '',
      bank_account: '',
      passport_or_nid: '',
      includeInsurance: false,
      guarantors: [emptyGuarantorRow()],
    }),
    [policy],
  );
  const form = useForm<LoanFormInput, unknown, LoanFormValues>({
    resolver,
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const [amountFils, term, customTerm] = useWatch({
    control: form.control,
    name: ['amountFils', 'term', 'custom_term'],
  });
  const months = termMonths(term, customTerm, policy);
  const figures = estimateLoan(amountFils, months, policy);
  const neededFils = guaranteeNeededFils(amountFils, freeSavingsFils);
  const mayNeedGuarantors = !blockedReason && freeSavingsFils < policy.maxFils;
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted && mayNeedGuarantors) preloadLaterParts();
  }, [hasPagePainted, mayNeedGuarantors]);

  const onSubmit = form.handleSubmit(async (values) => {
    const submitted = estimateLoan(
      values.amountFils,
      termMonths(values.term, values.custom_term, policy),
      policy,
    );
    if (!submitted) {
      form.setError('term', { type: 'validate', message: i18n._('loans.apply.customTermInvalid') });
      return;
    }
    try {
      const res = await apply.mutateAsync({
        loanType: values.loan_type,
        figures: submitted,
        bankAccount: values.bank_account,
        passportOrNid: values.passport_or_nid,
        includeInsurance: values.includeInsurance,
        guarantors: values.guarantors,
      });
      toastSuccess(res.message);
      form.reset(defaults);
    } catch (error) {
      const fields =
        error instanceof ApiError ? Object.keys(error.errors).filter((f) => formFieldOf(f)) : [];
      applyServerErrors(
        error,
        (name: string, e) => form.setError(formFieldOf(name) as 'term', e),
        fields,
      );
      toastError(error);
    }
  });

  const cardClass = 'flex flex-col gap-5 rounded-2xl bg-white p-4 shadow-sm sm:p-6';

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6"
    >
      <div className={cardClass}>
        <Field label={i18n._('loans.apply.loanType')} error={errors.loan_type?.message}>
          {(a) => (
            <select {...a} className={inputClass} {...form.register('loan_type')}>
              {LOAN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {i18n._(LOAN_TYPES_TEXTS[type]!)}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Controller
          control={form.control}
          name="amountFils"
          render={({ field }) => (
            <AmountStepper
              valueFils={field.value}
              minFils={policy.minFils}
              maxFils={policy.maxFils}
              stepFils={policy.stepFils}
              onChange={field.onChange}
              error={errors.amountFils?.message}
            />
          )}
        />
        {mayNeedGuarantors && (
          <p className="-mt-3 text-center text-sm text-slate-600">
            {i18n._('loans.apply.guarantors.threshold', { free: aedFils(freeSavingsFils) })}
          </p>
        )}

        <TermChoice form={form} policy={policy} />
      </div>

      <div className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <LoanEstimate
          figures={figures}
          interestRatePercent={interestRatePercent}
          error={errors.root?.figures?.message}
        />
      </div>

      {mayNeedGuarantors && neededFils > 0 && (
        <div className={`${cardClass} lg:col-start-1`}>
          <LaterPart>
            {({ GuarantorsSection }) => (
              <GuarantorsSection
                form={form}
                neededFils={neededFils}
                freeSavingsFils={freeSavingsFils}
              />
            )}
          </LaterPart>
        </div>
      )}

      <div className={`${cardClass} lg:col-start-1`}>
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-describedby="loan-insurance-hint"
            {...form.register('includeInsurance')}
          />
          <span>
            <span className="font-medium text-slate-900">{i18n._('loans.apply.insurance')}</span>
            <span id="loan-insurance-hint" className="block text-sm text-slate-600">
              {i18n._('loans.apply.insuranceHint')}
            </span>
          </span>
        </label>

        <Field
          label={i18n._('loans.apply.bankAccount')}
          hint={i18n._('loans.apply.bankAccountHint')}
          error={errors.bank_account?.message}
        >
          {(a) => <LtrInput {...a} type="text" {...form.register('bank_account')} />}
        </Field>

        <Field label={i18n._('loans.apply.passport')} error={errors.passport_or_nid?.message}>
          {(a) => (
            <LtrInput
              {...a}
              type="text"
              autoCapitalize="characters"
              {...form.register('passport_or_nid')}
            />
          )}
        </Field>

        <div className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{i18n._('loans.apply.review')}</p>
          <h3 className="mt-2 font-semibold text-slate-900">{i18n._('loans.apply.termsTitle')}</h3>
          <p lang={termsLanguage} dir="auto" className="whitespace-pre-line">
            {termsText}
          </p>
          {termsLanguage !== i18n.language && (
            <p className="mt-1 text-xs text-slate-600">{i18n._('loans.apply.termsInEnglish')}</p>
          )}
        </div>

        {blockedReason && (
          <p id="loan-blocked" className="text-sm font-medium text-amber-900">
            {blockedReason}
          </p>
        )}
        <NeedsNetwork />
        <Button
          type="submit"
          isBusy={form.formState.isSubmitting}
          disabled={Boolean(blockedReason) || !isOnline}
          aria-describedby={blockedReason ? 'loan-blocked' : undefined}
        >
          {i18n._('loans.apply.submit')}
        </Button>
      </div>
    </form>
  );
}
