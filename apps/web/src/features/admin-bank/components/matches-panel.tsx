import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApproveMatchesAnswer, BankMatch, BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { card } from '../../../components/styles.ts';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { toastError } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useApproveMatches } from '../api/approve-matches.ts';
import { useStatementPart } from '../api/statement-parts.ts';
import { entryWhat, paymentWhat } from '../lib/describe.ts';
import { WHY_TEXTS } from '../texts.ts';
import { EntrySummary, LineSummary } from './bank-line.tsx';
import { PartMore } from './part-more.tsx';

const WHY_TONES: Record<BankMatch['why'], BadgeTone> = {
  bank_reference: 'success',
  member_reference: 'success',
  member_name: 'warning',
};

/**
 * The matches proposed: each bank line beside the receipt waiting (or the movement of the
 * books) it is the money of, and why. All are chosen to begin with; one step approves the
 * chosen receipts and links the movements, and its answer takes the focus. A long statement's
 * matches come a page at a time: those shown are the ones chosen.
 */
export function MatchesPanel({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const [result, setResult] = useState<{ n: number; answer: ApproveMatchesAnswer } | null>(null);
  const part = useStatementPart(detail, 'matched');
  const matched = part.items;
  return (
    <section aria-labelledby="bank-matches" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2 id="bank-matches" className="text-lg font-bold text-slate-900">
          {i18n._('admin-bank.matches.title', { count: part.total })}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.matches.intro')}</p>
      </div>
      {result && <ApprovalResult key={result.n} answer={result.answer} matched={matched} />}
      {matched.length === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.matches.none')}
        </p>
      ) : (
        <MatchChecklist
          statementId={detail.statement.id}
          matched={matched}
          onApproved={(answer) => setResult((r) => ({ n: (r?.n ?? 0) + 1, answer }))}
        >
          <PartMore part={part} />
        </MatchChecklist>
      )}
    </section>
  );
}

function MatchChecklist({
  statementId,
  matched,
  onApproved,
  children,
}: {
  statementId: number;
  matched: BankMatch[];
  onApproved: (answer: ApproveMatchesAnswer) => void;
  /** Under the list: its next page. */
  children: ReactNode;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const approve = useApproveMatches();
  // What the treasurer unticked: a match shown later (the next page, or read again) comes
  // chosen, and one unticked stays so until ticked or an approval is done.
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const chosen = new Set(matched.map((m) => m.line.id).filter((id) => !unticked.has(id)));
  const allRef = useRef<HTMLInputElement>(null);
  const isAll = chosen.size === matched.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = chosen.size > 0 && !isAll;
  }, [chosen.size, isAll]);

  const toggle = (lineId: number) =>
    setUnticked((set) => {
      const next = new Set(set);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });

  const run = async () => {
    try {
      const lines = [...chosen];
      onApproved(await approve.mutateAsync({ statementId, lines }));
      // What is left is chosen anew, as at first.
      setUnticked(new Set());
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label className="flex min-h-11 items-center gap-3 px-1 font-medium text-slate-800">
        <input
          ref={allRef}
          type="checkbox"
          checked={isAll}
          onChange={() => setUnticked(isAll ? new Set(matched.map((m) => m.line.id)) : new Set())}
          className="size-5 accent-brand-700"
        />
        {i18n._('admin-bank.matches.chooseAll')}
      </label>
      <ul className="flex flex-col gap-2">
        {matched.map((m) => (
          <MatchItem
            key={m.line.id}
            match={m}
            isChosen={chosen.has(m.line.id)}
            onToggle={() => toggle(m.line.id)}
          />
        ))}
      </ul>
      {children}
      {/* Stays in view while a long list scrolls. */}
      <div className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-200 bg-white py-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm text-slate-700">
          {approve.isPending
            ? i18n._('admin-bank.matches.approving', { count: chosen.size })
            : i18n._('admin-bank.matches.chosen', { count: chosen.size, total: matched.length })}
        </p>
        <Button
          isBusy={approve.isPending}
          disabled={!isOnline || chosen.size === 0}
          onClick={() => void run()}
        >
          {isAll
            ? i18n._('admin-bank.matches.approveAll', { count: matched.length })
            : i18n._('admin-bank.matches.approveChosen', { count: chosen.size })}
        </Button>
      </div>
    </div>
  );
}

function MatchItem({
  match: m,
  isChosen,
  onToggle,
}: {
  match: BankMatch;
  isChosen: boolean;
  onToggle: () => void;
}) {
  const i18n = useTexts();
  const who = m.payment?.member ?? m.entry?.member ?? null;
  const name = i18n._('admin-bank.matches.choose', {
    name: who ? isolated(who.name) : entryWhatOf(i18n, m),
    amount: aed(m.line.amount),
    date: formatDate(m.line.booked_on),
  });
  return (
    <li
      className={`rounded-xl border p-3 ${isChosen ? 'border-brand-600 bg-brand-50/60' : 'border-slate-200 bg-white'}`}
    >
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={isChosen}
          onChange={onToggle}
          aria-label={name}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <div className="grid min-w-0 flex-1 gap-2 md:grid-cols-2 md:gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {i18n._('admin-bank.matches.inBank')}
            </p>
            <LineSummary line={m.line}>
              <StatusBadge tone={WHY_TONES[m.why]}>{i18n._(WHY_TEXTS[m.why])}</StatusBadge>
            </LineSummary>
          </div>
          <div className="flex min-w-0 flex-col gap-1 border-slate-200 max-md:border-t max-md:pt-2 md:border-s md:ps-4">
            {m.payment ? (
              <>
                <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {i18n._('admin-bank.matches.receipt')}
                </p>
                <p className="font-semibold break-words text-slate-900">
                  <bdi>{m.payment.member.name}</bdi>{' '}
                  <span className="font-normal text-slate-600" dir="ltr">
                    ({m.payment.member.unique_id})
                  </span>
                </p>
                <p className="text-sm text-slate-800">
                  {paymentWhat(i18n, m.payment)} · {aed(m.payment.amount)}
                </p>
                <p className="text-sm text-slate-700">
                  {m.payment.transfer_date
                    ? i18n._('admin-bank.payment.transferred', {
                        date: formatDate(m.payment.transfer_date),
                      })
                    : i18n._('admin-bank.payment.sent', {
                        date: formatDate(m.payment.submitted_at),
                      })}
                  {m.payment.bank_reference && (
                    <>
                      {' · '}
                      {i18n._('admin-bank.line.bankRef', {
                        ref: isolated(m.payment.bank_reference),
                      })}
                    </>
                  )}
                </p>
              </>
            ) : (
              m.entry && (
                <>
                  <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {i18n._('admin-bank.matches.inBooks')}
                  </p>
                  <EntrySummary entry={m.entry} />
                </>
              )
            )}
          </div>
        </div>
      </label>
    </li>
  );
}

const entryWhatOf = (i18n: ReturnType<typeof useTexts>, m: BankMatch) =>
  m.entry ? entryWhat(i18n, m.entry) : '';

/** What one approval did: how many approved and linked, and each line refused with why. */
function ApprovalResult({
  answer,
  matched,
}: {
  answer: ApproveMatchesAnswer;
  matched: BankMatch[];
}) {
  const i18n = useTexts();
  const hasRefusals = answer.refused.length > 0;
  const lineOf = (lineId: number) => matched.find((m) => m.line.id === lineId)?.line;
  return (
    <section
      aria-labelledby="bank-approved"
      className={`flex flex-col gap-2 rounded-xl border p-3 sm:p-4 ${hasRefusals ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-green-300 bg-green-50 text-green-950'}`}
    >
      <FocusHeading id="bank-approved">
        {hasRefusals
          ? i18n._('admin-bank.matches.doneWithRefusals')
          : i18n._('admin-bank.matches.done')}
      </FocusHeading>
      <p role="status">{answer.message}</p>
      {hasRefusals && (
        <ul className="flex flex-col gap-1 text-sm">
          {answer.refused.map((r) => {
            const line = lineOf(r.line_id);
            return (
              <li key={r.line_id}>
                {line
                  ? i18n._('admin-bank.matches.refusedLine', {
                      amount: aed(line.amount),
                      date: formatDate(line.booked_on),
                      message: r.message,
                    })
                  : r.message}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
