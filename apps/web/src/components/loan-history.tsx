import type { ReactNode } from 'react';

/** One step of a loan's history: what happened, by whom, when, and why when a reason was given. */
export interface HistoryStep {
  key: string;
  what: string;
  who: string;
  when: ReactNode;
  reason?: string | undefined;
}

/**
 * A loan's history as the member's My Loan and the treasurer's loan page show it, each step on
 * a line down the inline-start edge (docs/product.md section 5).
 */
export function LoanHistory({ title, steps }: { title: string; steps: HistoryStep[] }) {
  return (
    <section
      aria-labelledby="loan-history-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="loan-history-title" className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <ol className="mt-3 flex flex-col gap-3 border-s-2 border-brand-100 ps-4">
        {steps.map((step) => (
          <li key={step.key} className="relative">
            <span
              aria-hidden
              className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-700"
            />
            <p className="font-medium text-slate-900">
              {step.what} <span className="font-normal text-slate-600">{step.who}</span>
            </p>
            <p className="text-sm text-slate-600">{step.when}</p>
            {step.reason && <p className="text-sm text-slate-800">{step.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
