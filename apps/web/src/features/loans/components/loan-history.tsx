import { useTexts } from '../../../lib/i18n.tsx';
import { LoanHistory as History } from '../../../components/loan-history.tsx';
import { MY_LOAN_BROUGHT_IN, MY_LOAN_BY_TEXTS, MY_LOAN_TRANSITIONS_TEXTS } from '../texts.ts';
import type { Loan } from '../../../api/get-my-loans.ts';
import { formatDate } from '../../../lib/dates.ts';

/** Each transition of the loan with who made it, when and why (docs/product.md section 5). */
export function LoanHistory({ transitions }: { transitions: Loan['transitions'] }) {
  const i18n = useTexts();
  return (
    <History
      title={i18n._('loans.myLoan.history')}
      steps={transitions.map((step, index) => {
        // Active from no state: a loan the association brought in from its own books, whose
        // reason (which import) is the treasurer's, in English.
        const broughtIn = step.from === null && step.to === 'active';
        return {
          key: `${step.to}-${index}`,
          what: i18n._(broughtIn ? MY_LOAN_BROUGHT_IN : MY_LOAN_TRANSITIONS_TEXTS[step.to]!),
          who: i18n._(MY_LOAN_BY_TEXTS[step.by]!),
          when: <time dateTime={step.at}>{formatDate(step.at)}</time>,
          reason:
            step.reason && !broughtIn
              ? i18n._('loans.myLoan.reason', { reason: step.reason })
              : undefined,
        };
      })}
    />
  );
}
