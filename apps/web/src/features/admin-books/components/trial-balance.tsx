import { useRef, useState } from 'react';
import type { TrialBalanceView } from '@jamiya/contracts/books';
import { useTexts } from '../../../lib/i18n.tsx';
import { ACCOUNT_GROUPS_TEXTS } from '../texts.ts';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { card } from '../../../components/styles.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useSidewaysScroll } from '../../../lib/use-sideways-scroll.ts';
import { useTrialBalance } from '../api/get-trial-balance.ts';
import { useDownloadTrialBalance } from '../api/download-trial-balance.ts';
import { aedDifference } from '../lib/money.ts';
import { useAccountName } from '../lib/use-account-name.ts';
import { bodyRow, headRow, tableWrap, td, tdEnd, th, thEnd } from '../lib/styles.ts';
import { DayFilter } from './day-filter.tsx';
import { DownloadButtons } from './download-buttons.tsx';

// Columns left out on a phone (the balance is debits minus credits), so the rest fits.
const wide = 'hidden md:table-cell';

/** The trial balance at a day (today unless chosen), grouped by kind, with its downloads. */
export function TrialBalance() {
  const i18n = useTexts();
  const [asOf, setAsOf] = useState('');
  const balance = useTrialBalance(asOf);
  const download = useDownloadTrialBalance();

  let body;
  if (balance.isPending) body = <Spinner />;
  else if (balance.isError && !balance.data)
    body = (
      <ErrorState message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />
    );
  else body = <Figures tb={balance.data} isStale={balance.isPlaceholderData} />;

  return (
    <section aria-labelledby="trial-balance-title" className={`${card} flex flex-col gap-4`}>
      <div>
        <h2 id="trial-balance-title" className="text-lg font-bold text-slate-900">
          {i18n._('admin-books.ledger.trialBalance')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {balance.data
            ? i18n._('admin-books.ledger.trialBalanceAt', { day: formatDate(balance.data.as_of) })
            : i18n._('admin-books.ledger.trialBalanceNote')}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="sm:max-w-sm sm:flex-1">
          <DayFilter
            label={i18n._('admin-books.ledger.asOf')}
            hint={i18n._('admin-books.ledger.asOfHint')}
            value={asOf}
            onChange={setAsOf}
          />
        </div>
        <DownloadButtons
          labels={{
            csv: i18n._('admin-books.ledger.downloadCsv'),
            pdf: i18n._('admin-books.ledger.downloadPdf'),
          }}
          busy={download.isPending ? (download.variables?.format ?? null) : null}
          onDownload={(format, options) => download.mutate({ asOf, format }, options)}
        />
      </div>
      {balance.isError && balance.data && (
        <ErrorState message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />
      )}
      {body}
    </section>
  );
}

function Figures({ tb, isStale }: { tb: TrialBalanceView; isStale: boolean }) {
  const i18n = useTexts();
  const accountName = useAccountName();
  const boxRef = useRef<HTMLDivElement>(null);
  const { isScrollable } = useSidewaysScroll(boxRef);
  // The account column's label cell: with the code column on a wide screen, alone on a phone.
  const label = (text: string, scope: 'row' | 'rowgroup') => (
    <>
      <th scope={scope} colSpan={2} className={`${th} ${wide}`}>
        {text}
      </th>
      <th scope={scope} className={`${th} md:hidden`}>
        {text}
      </th>
    </>
  );
  return (
    <div className={`flex flex-col gap-4 ${isStale ? 'opacity-60' : ''}`} aria-busy={isStale}>
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
        <div
          ref={boxRef}
          // A table that scrolls sideways (a narrow phone) must be reachable by keyboard to be scrolled.
          {...(isScrollable
            ? { tabIndex: 0, role: 'region', 'aria-label': i18n._('admin-books.ledger.table') }
            : {})}
          className={`${tableWrap} focus-visible:outline-2 focus-visible:outline-brand-700`}
        >
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
            {tb.groups.map((group) => (
              <tbody key={group.kind}>
                <tr className="border-b border-slate-200 bg-slate-50 font-bold text-slate-900">
                  {label(i18n._(ACCOUNT_GROUPS_TEXTS[group.kind]), 'rowgroup')}
                  <td className={tdEnd}>{aed(group.debits)}</td>
                  <td className={tdEnd}>{aed(group.credits)}</td>
                  <td className={`${tdEnd} ${wide}`}>{aed(group.balance)}</td>
                </tr>
                {tb.accounts
                  .filter((a) => a.kind === group.kind)
                  .map((a) => (
                    <tr key={a.code} className={bodyRow}>
                      <td translate="no" className={`${td} ${wide}`}>
                        <bdi dir="ltr">{a.code}</bdi>
                      </td>
                      <th scope="row" className={`${td} text-start font-normal`}>
                        {accountName(a.code, a.name)}
                        {/* A code reads left to right in Arabic too: `loan:*`, not `*:loan`. */}
                        <span translate="no" className="block text-xs text-slate-500 md:hidden">
                          <bdi dir="ltr">{a.code}</bdi>
                        </span>
                      </th>
                      <td className={tdEnd}>{aed(a.debits)}</td>
                      <td className={tdEnd}>{aed(a.credits)}</td>
                      <td className={`${tdEnd} ${wide}`}>{aed(a.balance)}</td>
                    </tr>
                  ))}
              </tbody>
            ))}
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-bold">
                {label(i18n._('admin-books.ledger.totals'), 'row')}
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
      {tb.accounts.some((a) => a.summed_accounts !== undefined) && (
        <p className="text-sm text-slate-600">{i18n._('admin-books.ledger.summedNote')}</p>
      )}
    </div>
  );
}
