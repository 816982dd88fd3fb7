import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useController, useForm } from 'react-hook-form';
import type { AdminMember } from '@jamiya/contracts/members';
import { useTexts } from '../../../lib/i18n.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { applyServerErrors, errorMessage } from '../../../lib/messages.ts';
import { dubaiToday } from '../../../lib/today.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { isOpenExit, useAdminExits, useEndMembership, type AdminExit } from '../../../api/exits.ts';
import { useMyId } from '../../../api/proposals.ts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { card, tableLink } from '../../../components/styles.ts';

interface EndValues {
  leave_on: string;
  pay_to: string;
  reason: string;
}

const resolver = lazyZodResolver<EndValues>(() =>
  import('@jamiya/contracts/exits').then((m) => m.endMembershipRequest),
);
const FIELDS = ['leave_on', 'pay_to', 'reason'] as const;
const HEADING = 'member-exit-title';
const focusHeading = () => setTimeout(() => document.getElementById(HEADING)?.focus());

/**
 * The committee ends a membership (docs/domain/leaving.md): the day the member leaves, where the
 * settlement is paid and the reason the member reads; the payout is then made on /admin/exits.
 * A member with an open exit, or who has left, is pointed there instead. Not for an admin who is
 * no member, nor for the signed-in admin's own membership.
 */
export function EndMembership({ member }: { member: AdminMember }) {
  const i18n = useTexts();
  const myId = useMyId();
  const exits = useAdminExits(member.is_member);
  if (!member.is_member) return null;

  const theirs = exits.data?.items.filter((e) => e.member.id === member.id) ?? [];
  const current = theirs.find(isOpenExit) ?? theirs.find((e) => e.state === 'closed');

  let content;
  if (exits.isPending) content = <Spinner />;
  else if (exits.isError)
    content = (
      <ErrorState message={errorMessage(exits.error)} onRetry={() => void exits.refetch()} />
    );
  else if (current) content = <Leaving member={member} exit={current} />;
  else if (myId === member.id)
    content = <p className="text-slate-700">{i18n._('admin-members.exit.own')}</p>;
  else content = <EndMembershipForm member={member} />;

  return (
    <section aria-labelledby={HEADING} className={`${card} flex flex-col gap-3`}>
      <h2
        id={HEADING}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none"
      >
        {i18n._('admin-members.exit.title')}
      </h2>
      {content}
    </section>
  );
}

/** Where the member stands, and the way to the payout. */
function Leaving({ member, exit }: { member: AdminMember; exit: AdminExit }) {
  const i18n = useTexts();
  const name = member.name;
  let text;
  if (exit.state === 'requested')
    text = i18n._('admin-members.exit.leaving', { name, date: formatDate(exit.leave_on) });
  else if (exit.state === 'holding')
    text = i18n._('admin-members.exit.holding', {
      name,
      date: formatDate(exit.left_on ?? exit.leave_on),
    });
  else
    text = i18n._('admin-members.exit.left', {
      name,
      date: formatDate(exit.left_on ?? exit.leave_on),
    });
  return (
    <>
      <p className="text-slate-800">{text}</p>
      <Link
        to="/admin/exits"
        className={`${tableLink} inline-flex min-h-11 items-center self-start`}
      >
        {i18n._('admin-members.exit.openExits')}
      </Link>
    </>
  );
}

function EndMembershipForm({ member }: { member: AdminMember }) {
  const i18n = useTexts();
  const end = useEndMembership();
  const [asked, setAsked] = useState<EndValues | null>(null);
  const form = useForm<EndValues>({
    resolver,
    defaultValues: { leave_on: dubaiToday(), pay_to: '', reason: '' },
  });
  const { errors } = form.formState;
  const leaveOn = useController({ control: form.control, name: 'leave_on' });
  const dateRef = useRef<HTMLDivElement>(null);
  const { ref: leaveOnRef } = leaveOn.field;
  // Refused, the date's first part (its day) takes the focus.
  useEffect(
    () => leaveOnRef({ focus: () => dateRef.current?.querySelector('select')?.focus() }),
    [leaveOnRef],
  );
  const thisYear = Number(dubaiToday().slice(0, 4));
  const dateLabel = i18n._('admin-members.exit.leaveOn');

  return (
    <>
      <p className="text-sm text-slate-700">
        {i18n._('admin-members.exit.intro', { name: isolated(member.name) })}
      </p>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => setAsked(values))}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <div ref={dateRef}>
            <Field
              label={dateLabel}
              hint={i18n._('admin-members.exit.leaveOnHint')}
              // A part not chosen says so, rather than the schema's "as YYYY-MM-DD".
              error={
                errors.leave_on &&
                (leaveOn.field.value === INCOMPLETE
                  ? i18n._('common.date.incomplete')
                  : errors.leave_on.message)
              }
            >
              {(a) => (
                <DateField
                  {...a}
                  label={dateLabel}
                  value={leaveOn.field.value}
                  onChange={leaveOn.field.onChange}
                  fromYear={thisYear}
                  toYear={thisYear + 1}
                />
              )}
            </Field>
          </div>
          <Field
            label={i18n._('admin-members.exit.payTo')}
            hint={i18n._('admin-members.exit.payToHint')}
            error={errors.pay_to?.message}
          >
            {(a) => (
              <input
                {...a}
                dir="auto"
                autoComplete="off"
                maxLength={200}
                className={inputClass}
                {...form.register('pay_to')}
              />
            )}
          </Field>
        </div>
        <Field
          label={i18n._('admin-members.exit.reason')}
          hint={i18n._('admin-members.exit.reasonHint')}
          error={errors.reason?.message}
        >
          {(a) => (
            <textarea
              {...a}
              rows={3}
              maxLength={500}
              aria-required
              className={inputClass}
              {...form.register('reason')}
            />
          )}
        </Field>
        <Button type="submit" variant="danger" className="self-start">
          {i18n._('admin-members.exit.submit')}
        </Button>
      </form>
      <ConfirmDialog
        isOpen={asked !== null}
        onClose={() => setAsked(null)}
        title={i18n._('admin-members.exit.dialogTitle', { name: member.name })}
        confirmLabel={i18n._('admin-members.exit.confirm')}
        isDanger
        onConfirm={async () =>
          asked ? (await end.mutateAsync({ memberId: member.id, ...asked })).message : null
        }
        // The form is gone (the member is leaving now): the focus stays in its section.
        onDone={focusHeading}
        onInvalid={(error) => applyServerErrors(error, form.setError, FIELDS)}
      >
        {asked && (
          <>
            <p className="text-slate-800">
              {i18n._('admin-members.exit.dialogBody', {
                name: isolated(member.name),
                date: formatDate(asked.leave_on),
              })}
            </p>
            <div className="rounded-xl bg-slate-50 p-3">
              <p className="text-sm text-slate-600">{i18n._('admin-members.exit.payTo')}</p>
              <p dir="auto" className="font-semibold break-words text-slate-900">
                {asked.pay_to}
              </p>
            </div>
            <p className="break-words text-slate-800">
              {i18n._('admin.loan.reason', { reason: asked.reason })}
            </p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
