import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { BonusPeriods } from '@jamiya/contracts/bonus';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useBonusProposal, type BonusProposal } from '../api/bonus-proposal.ts';
import { useBonusPeriods } from '../api/get-bonus-periods.ts';
import type { PeriodFormInput, PeriodFormValues } from '../lib/period-form-schema.ts';
import { INTEREST_ONLY, toPeriod } from '../lib/period.ts';
import { ChoiceFields } from './choice-fields.tsx';
import { ClosedPeriods } from './closed-periods.tsx';
import { PreviewPanel } from './preview-panel.tsx';
import { ProposalBox } from './proposal-box.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { CardSection } from '../../../components/card-section.tsx';

/** /admin/bonus: share out a period's surplus, as the committee chooses (issues 5, 53), and the closed ones. */
const resolver = lazyZodResolver(() =>
  import('../lib/period-form-schema.ts').then((m) => m.periodFormSchema),
);

export function BonusPage() {
  const i18n = useTexts();
  const periods = useBonusPeriods();
  // A share-out proposed by one admin and waiting for another (maker-checker); a failed
  // list is shown as none, the server still refuses a second proposal.
  const proposal = useBonusProposal();
  const next = periods.data?.next;
  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-bonus.pageTitle')}</title>
      <PageHeading title={i18n._('admin-bonus.title')} subtitle={i18n._('admin-bonus.subtitle')} />
      {periods.isPending || proposal.isPending ? (
        <Spinner />
      ) : periods.isError ? (
        <ErrorState message={errorMessage(periods.error)} onRetry={() => void periods.refetch()} />
      ) : (
        <>
          {/* A close moves the next start on: the form starts again from the new one. */}
          <ClosePeriod
            key={`${next?.starts_on}:${next?.latest_ends_on}`}
            next={next!}
            proposal={proposal.open}
          />
          <ClosedPeriods periods={periods.data.items} />
        </>
      )}
    </div>
  );
}

function ClosePeriod({
  next,
  proposal,
}: {
  next: BonusPeriods['next'];
  proposal: BonusProposal | undefined;
}) {
  const i18n = useTexts();
  const isWaiting = next.starts_on !== null && next.latest_ends_on < next.starts_on;
  return (
    <CardSection
      id="bonus-close"
      title={i18n._('admin-bonus.close.title')}
      intro={i18n._('admin-bonus.close.intro')}
    >
      {proposal && <ProposalBox open={proposal} />}
      {next.starts_on === null ? (
        <EmptyState title={i18n._('admin-bonus.close.nothingTitle')}>
          <p>{i18n._('admin-bonus.close.nothingBody')}</p>
        </EmptyState>
      ) : isWaiting ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bonus.close.waiting', { date: formatDate(next.starts_on) })}
        </p>
      ) : (
        <PeriodForm next={{ ...next, starts_on: next.starts_on }} proposal={proposal} />
      )}
    </CardSection>
  );
}

function PeriodForm({
  next,
  proposal,
}: {
  next: BonusPeriods['next'] & { starts_on: string };
  proposal: BonusProposal | undefined;
}) {
  const i18n = useTexts();
  // With a proposal open, its dates: the second admin sees the shares they would confirm.
  const defaults: PeriodFormInput = {
    starts_on: next.is_start_fixed ? '' : (proposal?.starts_on ?? next.starts_on),
    ends_on: proposal?.ends_on ?? next.latest_ends_on,
    ...(proposal?.choice ?? INTEREST_ONLY),
  };
  // The server's own dates: previewed at once; what the treasurer types is checked on submit.
  const [period, setPeriod] = useState<PeriodFormValues | null>(() => toPeriod(defaults));
  const form = useForm<PeriodFormInput, unknown, PeriodFormValues>({
    resolver,
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  return (
    <>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => setPeriod(values))}
        className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        {next.is_start_fixed ? (
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium text-slate-800">
              {i18n._('admin-bonus.close.start')}
            </p>
            <p className="flex min-h-11 items-center font-semibold text-slate-900">
              {formatDate(next.starts_on)}
            </p>
            <p className="text-xs text-slate-600">{i18n._('admin-bonus.close.startFixed')}</p>
          </div>
        ) : (
          <Field
            label={i18n._('admin-bonus.close.start')}
            hint={i18n._('admin-bonus.close.startFirst', { date: formatDate(next.starts_on) })}
            error={errors.starts_on?.message}
          >
            {(a) => (
              <input
                {...a}
                type="date"
                max={next.latest_ends_on}
                className={inputClass}
                {...form.register('starts_on')}
              />
            )}
          </Field>
        )}
        <Field
          label={i18n._('admin-bonus.close.end')}
          hint={i18n._('admin-bonus.close.endHint', { date: formatDate(next.latest_ends_on) })}
          error={errors.ends_on?.message}
        >
          {(a) => (
            <input
              {...a}
              type="date"
              min={next.starts_on}
              max={next.latest_ends_on}
              className={inputClass}
              {...form.register('ends_on')}
            />
          )}
        </Field>
        <ChoiceFields register={form.register} />
        <Button type="submit" variant="secondary" className="sm:col-start-3">
          {i18n._('admin-bonus.close.preview')}
        </Button>
      </form>
      {period && <PreviewPanel period={period} hasProposal={proposal !== undefined} />}
    </>
  );
}
