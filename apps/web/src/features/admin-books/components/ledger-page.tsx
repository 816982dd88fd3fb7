import { useTexts } from '../../../lib/i18n.tsx';
import { LEDGER_TYPES_TEXTS } from '../texts.ts';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useTrialBalance } from '../api/get-trial-balance.ts';
import { aedDifference } from '../lib/money.ts';
import { useAccountName } from '../lib/use-account-name.ts';
import { bodyRow, headRow, tableWrap, td, tdEnd, th, thEnd } from '../lib/styles.ts';
import { card } from '../../../components/styles.ts';
import { Journal } from './journal.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

// Columns left out on a phone (the balance is debits minus credits), so the rest fits.
const wide = 'hidden md:table-cell';

/** /admin/ledger: the trial balance, then the journal it is the sum of. */
export function LedgerPage() {
  const i18n = useTexts();
  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.ledger.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-books.ledger.title')}
        subtitle={i18n._('admin-books.ledger.subtitle')}
      />
      <TrialBalance />
      <Journal />
    </div>
  );
}

function TrialBalance() {
  const i18n = useTexts();
  const accountName = useAccountName();
  const balance = useTrialBalance();

  let body;
  if (balance.isPending) body = <Spinner />;
  else if (balance.isError)
    body = (
      <ErrorState message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />
    );
  else {
    const tb = balance.data;
    body = (
      <>
        <p
          className={`flex flex-wrap items-center gap-2 rounded-xl p-3 font-semibold ${
            tb.balanced ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'
          }`}
          role={tb.balanced ? undefined : 'alert'}
        >
          <StatusBadge tone={tb.balanced ? 'success' : 'danger'}>
            {tb.balanced
              ? i18n._('admin-books.ledger.balanced')
              : i18n._('admin-books.ledger.notBalanced')}
          </StatusBadge>
          <span>
            {tb.balanced
              ? i18n._('admin-books.ledger.balancedBody')
              : i18n._('admin-books.ledger.notBalancedBody', {
                  difference: aed(Math.abs(aedDifference(tb.total_debits, tb.total_credits))),
                })}
          </span>
        </p>
        {tb.accounts.length === 0 ? (
          <p className="text-slate-700">{i18n._('admin-books.ledger.noAccounts')}</p>
        ) : (
          <div className={tableWrap}>
            <table className="w-full text-sm">
              <caption className="sr-only">{i18n._('admin-books.ledger.trialBalance')}</caption>
              <thead>
                <tr className={headRow}>
                  <th scope="col" className={`${th} ${wide}`}>
                    {i18n._('admin-books.ledger.columns.code')}
                  </th>
                  <th scope="col" className={th}>
                    {i18n._('admin-books.ledger.columns.account')}
                  </th>
                  <th scope="col" className={`${th} ${wide}`}>
                    {i18n._('admin-books.ledger.columns.type')}
                  </th>
                  <th scope="col" className={thEnd}>
                    {i18n._('admin-books.ledger.columns.debits')}
                  </th>
                  <th scope="col" className={thEnd}>
                    {i18n._('admin-books.ledger.columns.credits')}
                  </th>
                  <th scope="col" className={`${thEnd} ${wide}`}>
                    {i18n._('admin-books.ledger.columns.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {tb.accounts.map((a) => (
                  <tr key={a.code} className={bodyRow}>
                    <td translate="no" className={`${td} ${wide}`}>
                      {a.code}
                    </td>
                    <th scope="row" className={`${td} text-start font-normal`}>
                      {accountName(a.code, a.name)}
                      <span className="block text-xs text-slate-500 md:hidden">
                        <span translate="no">{a.code}</span> · {i18n._(LEDGER_TYPES_TEXTS[a.type]!)}
                      </span>
                    </th>
                    <td className={`${td} ${wide}`}>{i18n._(LEDGER_TYPES_TEXTS[a.type]!)}</td>
                    <td className={tdEnd}>{aed(a.debits)}</td>
                    <td className={tdEnd}>{aed(a.credits)}</td>
                    <td className={`${tdEnd} ${wide}`}>{aed(a.balance)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-300 font-bold">
                  {/* Code and type are left out on a phone, so the label spans fewer columns there. */}
                  <th scope="row" colSpan={3} className={`${th} ${wide}`}>
                    {i18n._('admin-books.ledger.totals')}
                  </th>
                  <th scope="row" className={`${th} md:hidden`}>
                    {i18n._('admin-books.ledger.totals')}
                  </th>
                  <td className={tdEnd}>{aed(tb.total_debits)}</td>
                  <td className={tdEnd}>{aed(tb.total_credits)}</td>
                  <td className={`${tdEnd} ${wide}`}>
                    {aed(aedDifference(tb.total_debits, tb.total_credits))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="trial-balance-title" className={`${card} flex flex-col gap-4`}>
      <div>
        <h2 id="trial-balance-title" className="text-lg font-bold text-slate-900">
          {i18n._('admin-books.ledger.trialBalance')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {i18n._('admin-books.ledger.trialBalanceNote')}
        </p>
      </div>
      {body}
    </section>
  );
}
