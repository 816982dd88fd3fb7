import { useTranslation } from '../../../lib/i18n.tsx';
import type { Loan } from '../../../api/get-my-loans.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';

const STATUS_CLASS: Record<Loan['installments'][number]['status'], string> = {
  paid: 'bg-brand-100 text-brand-900',
  partly_paid: 'bg-amber-100 text-amber-900',
  unpaid: 'bg-slate-100 text-slate-800',
  overdue: 'bg-red-100 text-red-900',
};

export function LoanSchedule({ installments }: { installments: Loan['installments'] }) {
  const { t } = useTranslation('loans');
  return (
    <section
      aria-labelledby="loan-schedule-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="loan-schedule-title" className="text-lg font-bold text-slate-900">
        {t('myLoan.schedule')}
      </h2>
      {installments.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('myLoan.noSchedule')}</p>
      ) : (
        <div className="-mx-4 mt-3 overflow-x-auto sm:mx-0">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-start text-slate-600">
                <th scope="col" className="py-2 ps-4 pe-2 text-start font-medium sm:ps-0">
                  {t('myLoan.columns.number')}
                </th>
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t('myLoan.columns.dueDate')}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t('myLoan.columns.amount')}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t('myLoan.columns.paid')}
                </th>
                <th scope="col" className="py-2 ps-2 pe-4 text-start font-medium sm:pe-0">
                  {t('myLoan.columns.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {installments.map((row) => (
                <tr key={row.number} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 ps-4 pe-2 tabular-nums sm:ps-0">{row.number}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{formatDate(row.due_date)}</td>
                  <td className="px-2 py-2 text-end tabular-nums">
                    {aed(row.amount, { currency: false })}
                  </td>
                  <td className="px-2 py-2 text-end tabular-nums">
                    {aed(row.paid, { currency: false })}
                  </td>
                  <td className="py-2 ps-2 pe-4 sm:pe-0">
                    <span
                      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASS[row.status]}`}
                    >
                      {t(`myLoan.installmentStates.${row.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
