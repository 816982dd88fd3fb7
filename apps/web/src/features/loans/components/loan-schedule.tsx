import { useRef } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { MY_LOAN_INSTALLMENT_STATES_TEXTS } from '../texts.ts';
import { useSidewaysScroll } from '../../../lib/use-sideways-scroll.ts';
import { ChevronIcon } from '../../../components/icons.tsx';
import type { Loan } from '../../../api/get-my-loans.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

const STATUS_CLASS: Record<Loan['installments'][number]['status'], string> = {
  paid: 'bg-brand-100 text-brand-900',
  partly_paid: 'bg-amber-100 text-amber-900',
  unpaid: 'bg-slate-100 text-slate-800',
  overdue: 'bg-red-100 text-red-900',
};

// Below 380 px (a 320 px phone) the state goes under the due date: five columns do not fit.
const WIDE_ONLY = 'hidden min-[380px]:table-cell';
const NARROW_ONLY = 'mt-1 min-[380px]:hidden';
// The last column then: kept off the card's edge, as the state's column is when it shows.
const LAST_WHEN_NARROW = 'pe-4 min-[380px]:pe-1 sm:pe-2';

/**
 * The installments as a table. On a narrow phone its dates and states wrap to fit; where a
 * language's words are still too long for the screen (Malayalam at 320 px), the table scrolls
 * sideways and says so: its end edge fades under an arrow until it is scrolled there.
 */
export function LoanSchedule({ installments }: { installments: Loan['installments'] }) {
  const i18n = useTexts();
  const boxRef = useRef<HTMLDivElement>(null);
  const { isScrollable, hasMoreAtEnd } = useSidewaysScroll(boxRef);
  const cell = 'px-1 py-2 sm:px-2';
  return (
    <section
      aria-labelledby="loan-schedule-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="loan-schedule-title" className="text-lg font-bold text-slate-900">
        {i18n._('loans.myLoan.schedule')}
      </h2>
      {installments.length === 0 ? (
        <p className="mt-2 text-slate-700">{i18n._('loans.myLoan.noSchedule')}</p>
      ) : (
        <div className="relative -mx-4 mt-3 sm:mx-0">
          <div
            ref={boxRef}
            // A table that scrolls sideways must be reachable by keyboard to be scrolled.
            {...(isScrollable
              ? { tabIndex: 0, role: 'region', 'aria-labelledby': 'loan-schedule-title' }
              : {})}
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-start text-slate-600">
                  <th scope="col" className={`${cell} ps-4 text-start font-medium sm:ps-0`}>
                    {i18n._('loans.myLoan.columns.number')}
                  </th>
                  <th scope="col" className={`${cell} text-start font-medium`}>
                    {i18n._('loans.myLoan.columns.dueDate')}
                  </th>
                  <th scope="col" className={`${cell} text-end font-medium`}>
                    {i18n._('loans.myLoan.columns.amount')}
                  </th>
                  <th scope="col" className={`${cell} ${LAST_WHEN_NARROW} text-end font-medium`}>
                    {i18n._('loans.myLoan.columns.paid')}
                  </th>
                  <th
                    scope="col"
                    className={`${cell} ${WIDE_ONLY} pe-4 text-start font-medium sm:pe-0`}
                  >
                    {i18n._('loans.myLoan.columns.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {installments.map((row) => {
                  const status = (
                    <span
                      data-state={row.status}
                      className={`inline-block rounded-xl px-1.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[row.status]}`}
                    >
                      {i18n._(MY_LOAN_INSTALLMENT_STATES_TEXTS[row.status]!)}
                    </span>
                  );
                  return (
                    <tr key={row.number} className="border-b border-slate-100 last:border-0">
                      <td className={`${cell} ps-4 tabular-nums sm:ps-0`}>{row.number}</td>
                      <td className={`${cell} min-w-16`}>
                        {formatDate(row.due_date)}
                        {/* Under its date where the screen has no room for a column of its own. */}
                        <span className={`block ${NARROW_ONLY}`}>{status}</span>
                      </td>
                      <td className={`${cell} text-end tabular-nums`}>
                        {aed(row.amount, { currency: false })}
                      </td>
                      <td className={`${cell} ${LAST_WHEN_NARROW} text-end tabular-nums`}>
                        {aed(row.paid, { currency: false })}
                      </td>
                      <td className={`${cell} ${WIDE_ONLY} pe-4 sm:pe-0`}>{status}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {hasMoreAtEnd && (
            <span
              data-scroll-cue
              aria-hidden
              className="pointer-events-none absolute inset-y-0 end-0 flex w-14 items-center justify-end bg-linear-to-l from-white from-30% to-transparent pe-1 rtl:bg-linear-to-r"
            >
              <span className="grid size-8 place-items-center rounded-full bg-white shadow-md ring-1 ring-slate-200">
                <ChevronIcon className="size-5 -rotate-90 text-brand-700 rtl:rotate-90" />
              </span>
            </span>
          )}
        </div>
      )}
    </section>
  );
}
