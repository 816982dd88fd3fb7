import { useState } from 'react';
import type { AssignLineBody, BankLine } from '@jamiya/contracts/bank';
import { addMonthsToPeriod } from '@jamiya/money/dates';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { sayRefusal } from '../../../lib/messages.ts';
import { useAssignLine } from '../api/assign-line.ts';
import { useMember } from '../api/get-members.ts';
import { isProposed } from '../lib/proposed-answer.ts';
import { LineSummary } from './bank-line.tsx';
import type { LineDialogProps, LineDone } from './line-outcome.tsx';
import { LinkCandidates } from './link-candidates.tsx';
import { MemberSearch, useMemberSearch } from './member-search.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

/**
 * Money without a receipt given to a member: whom (looked up by the member ID the line's text
 * carries, else by a search) and what for, a month's due or a loan. When the member's month
 * already has its receipt waiting or is paid (409), their payments are offered to link instead.
 */
export function AssignDialog({ line, onClose, onDone }: LineDialogProps) {
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
  onDone: (done: LineDone) => void;
}) {
  const i18n = useTexts();
  const linePeriod = line.booked_on.slice(0, 7);
  const search = useMemberSearch(line);
  const { memberId } = search;
  const member = useMember(memberId);
  const loans = (member.data?.loans ?? []).filter((l) => l.state === 'active');
  const [purpose, setPurpose] = useState<'dues' | 'loan'>('dues');
  const [period, setPeriod] = useState(linePeriod);
  const [loanId, setLoanId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The member whose payments are offered to link, once the assignment was refused (409).
  const [linkFor, setLinkFor] = useState<number | null>(null);

  const months = Array.from({ length: MONTHS_BEFORE + MONTHS_AFTER + 1 }, (_, i) =>
    addMonthsToPeriod(linePeriod, i - MONTHS_BEFORE),
  ).reverse();
  const chosenLoan = loanId !== null && loans.some((l) => l.id === loanId) ? loanId : loans[0]?.id;

  const run = async () => {
    setRefusal(null);
    setLinkFor(null);
    if (memberId === null) return setRefusal(i18n._('admin-bank.assign.memberMissing'));
    if (purpose === 'loan' && chosenLoan === undefined)
      return setRefusal(i18n._('admin-bank.assign.loanMissing'));
    const body: AssignLineBody =
      purpose === 'dues'
        ? { member_id: memberId, period }
        : { member_id: memberId, loan_id: chosenLoan! };
    try {
      const answer = await assign.mutateAsync({ lineId: line.id, body });
      onDone({ kind: isProposed(answer) ? 'proposed' : 'recorded', message: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setLinkFor(memberId);
      sayRefusal(error, setRefusal);
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
      <MemberSearch state={search} />
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
      <FormProblem message={refusal} />
      {linkFor !== null && linkFor === memberId && (
        <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
          <p className="text-sm text-slate-800">{i18n._('admin-bank.assign.linkInstead')}</p>
          <LinkCandidates line={line} memberId={linkFor} onLinked={onDone} />
        </div>
      )}
      <p className="text-sm text-slate-700">
        {i18n._('admin-bank.assign.note', {
          amount: aed(line.amount),
          date: formatDate(line.booked_on),
        })}
      </p>
      <ModalActions>
        <CancelButton disabled={assign.isPending} onClick={onClose} />
        <Button type="submit" isBusy={assign.isPending}>
          {i18n._('admin-bank.assign.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
