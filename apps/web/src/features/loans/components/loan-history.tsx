import { useTexts } from '../../../lib/i18n.tsx';
import { MY_LOAN_BY_TEXTS, MY_LOAN_TRANSITIONS_TEXTS } from '../texts.ts';
import type { Loan } from '../../../api/get-my-loans.ts';
import { formatDate } from '../../../lib/dates.ts';

/** Each transition of the loan with who made it, when and why (docs/product.md section 5). */
export function LoanHistory({ transitions }: { transitions: Loan['transitions'] }) {
  const i18n = useTexts();
  return (
    <section
      aria-labelledby="loan-history-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="loan-history-title" className="text-lg font-bold text-slate-900">
        {i18n._('loans.myLoan.history')}
      </h2>
      <ol className="mt-3 flex flex-col gap-3 border-s-2 border-brand-100 ps-4">
        {transitions.map((step, index) => (
          <li key={`${step.to}-${index}`} className="relative">
            <span
              aria-hidden
              className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-700"
            />
            <p className="font-medium text-slate-900">
              {i18n._(MY_LOAN_TRANSITIONS_TEXTS[step.to]!)}{' '}
              <span className="font-normal text-slate-600">
                {i18n._(MY_LOAN_BY_TEXTS[step.by]!)}
              </span>
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={step.at}>{formatDate(step.at)}</time>
            </p>
            {step.reason && (
              <p className="text-sm text-slate-800">
                {i18n._('loans.myLoan.reason', { reason: step.reason })}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
