import { useEffect, useId, useState } from 'react';
import type { AssignLineBody, BankLine } from '@jamiya/contracts/bank';
import { addMonthsToPeriod } from '@jamiya/money/dates';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { isProposed, useAssignLine } from '../api/assign-line.ts';
import { useFindMembers, useMember } from '../api/get-members.ts';
import { memberIdIn } from '../lib/member-reference.ts';
import { LineSummary } from './bank-line.tsx';

/** What an assignment did: recorded (201) or proposed to a second admin (202). */
export interface Assigned {
  isProposed: boolean;
  message: string;
}

/**
 * Money without a receipt given to a member: whom (looked up by the member ID the line's text
 * carries, else by a search) and what for, a month's due or a loan.
 */
export function AssignDialog({
  line,
  onClose,
  onDone,
}: {
  line: BankLine | null;
  onClose: () => void;
  onDone: (assigned: Assigned) => void;
}) {
  const i18n = useTexts();
  const assign = useAssignLine();
  return (
    <Modal
      isOpen={line !== null}
      onClose={() => !assign.isPending && onClose()}
      title={i18n._('admin-bank.assign.title')}
    >
      {line && (
        <AssignForm key={line.id} line={line} assign={assign} onClose={onClose} onDone={onDone} />
      )}
    </Modal>
  );
}

const MONTHS_BEFORE = 11;
const MONTHS_AFTER = 2;

function AssignForm({
  line,
  assign,
  onClose,
  onDone,
}: {
  line: BankLine;
  assign: ReturnType<typeof useAssignLine>;
  onClose: () => void;
  onDone: (assigned: Assigned) => void;
}) {
  const i18n = useTexts();
  const resultsId = useId();
  const linePeriod = line.booked_on.slice(0, 7);
  const [search, setSearch] = useState(() => memberIdIn(line.text) ?? '');
  const [looked, setLooked] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setLooked(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useFindMembers(looked);
  const members = found.data?.items ?? [];
  const [pickedId, setPickedId] = useState<number | null>(null);
  // One member found is the one meant, until another is picked.
  const memberId =
    pickedId !== null && members.some((m) => m.id === pickedId)
      ? pickedId
      : members.length === 1
        ? members[0]!.id
        : null;
  const member = useMember(memberId);
  const loans = (member.data?.loans ?? []).filter((l) => l.state === 'active');
  const [purpose, setPurpose] = useState<'dues' | 'loan'>('dues');
  const [period, setPeriod] = useState(linePeriod);
  const [loanId, setLoanId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const months = Array.from({ length: MONTHS_BEFORE + MONTHS_AFTER + 1 }, (_, i) =>
    addMonthsToPeriod(linePeriod, i - MONTHS_BEFORE),
  ).reverse();
  const chosenLoan = loanId !== null && loans.some((l) => l.id === loanId) ? loanId : loans[0]?.id;

  const run = async () => {
    setRefusal(null);
    if (memberId === null) return setRefusal(i18n._('admin-bank.assign.memberMissing'));
    if (purpose === 'loan' && chosenLoan === undefined)
      return setRefusal(i18n._('admin-bank.assign.loanMissing'));
    const body: AssignLineBody =
      purpose === 'dues'
        ? { member_id: memberId, period }
        : { member_id: memberId, loan_id: chosenLoan! };
    try {
      const answer = await assign.mutateAsync({ lineId: line.id, body });
      onDone({ isProposed: isProposed(answer), message: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRefusal(errorMessage(error));
      else toastError(error);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
      className="flex flex-col gap-4"
    >
      <div className="rounded-xl bg-slate-50 p-3">
        <LineSummary line={line} />
      </div>
      <Field
        label={i18n._('admin-bank.assign.member')}
        hint={i18n._('admin-bank.assign.memberHint')}
      >
        {(a) => (
          <input
            {...a}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-controls={resultsId}
            autoComplete="off"
            // The dialog is opened to find the member.
            autoFocus
            className={inputClass}
          />
        )}
      </Field>
      <fieldset id={resultsId} className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-slate-800">
          {i18n._('admin-bank.assign.found')}
        </legend>
        <p role="status" className="text-sm text-slate-700">
          {looked.length < 2
            ? i18n._('admin-bank.assign.typeMore')
            : found.isFetching
              ? i18n._('admin-bank.assign.searching')
              : found.isError
                ? errorMessage(found.error)
                : members.length === 0
                  ? i18n._('admin-bank.assign.noneFound')
                  : ''}
        </p>
        {members.map((m) => (
          <label
            key={m.id}
            className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-900 hover:bg-slate-50"
          >
            <input
              type="radio"
              name="member"
              checked={memberId === m.id}
              onChange={() => setPickedId(m.id)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span className="min-w-0 break-words">
              <bdi className="font-semibold">{m.name}</bdi>{' '}
              <span className="text-slate-600" dir="ltr">
                ({m.unique_id})
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-slate-800">
          {i18n._('admin-bank.assign.purpose')}
        </legend>
        <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="purpose"
              checked={purpose === 'dues'}
              onChange={() => setPurpose('dues')}
              className="size-5 accent-brand-700"
            />
            {i18n._('admin-bank.assign.dues')}
          </label>
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="purpose"
              checked={purpose === 'loan'}
              onChange={() => setPurpose('loan')}
              className="size-5 accent-brand-700"
            />
            {i18n._('admin-bank.assign.loan')}
          </label>
        </div>
      </fieldset>
      {purpose === 'dues' ? (
        <Field label={i18n._('admin-bank.assign.month')}>
          {(a) => (
            <select
              {...a}
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              className={inputClass}
            >
              {months.map((p) => (
                <option key={p} value={p}>
                  {periodLabel(p)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field label={i18n._('admin-bank.assign.loanChoice')}>
          {(a) => (
            <select
              {...a}
              value={chosenLoan ?? ''}
              disabled={loans.length === 0}
              onChange={(e) => setLoanId(Number(e.target.value))}
              className={inputClass}
            >
              {loans.length === 0 && (
                <option value="">
                  {memberId === null
                    ? i18n._('admin-bank.assign.memberFirst')
                    : i18n._('admin-bank.assign.noLoan')}
                </option>
              )}
              {loans.map((l) => (
                <option key={l.id} value={l.id}>
                  {i18n._('admin-bank.assign.loanOption', {
                    id: l.id,
                    left: aed(l.remaining_amount),
                  })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {refusal && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          {refusal}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {i18n._('admin-bank.assign.note', {
          amount: aed(line.amount),
          date: formatDate(line.booked_on),
        })}
      </p>
      <ModalActions>
        <Button variant="secondary" disabled={assign.isPending} onClick={onClose}>
          {i18n._('common.cancel')}
        </Button>
        <Button type="submit" isBusy={assign.isPending}>
          {i18n._('admin-bank.assign.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
