import { Link } from 'react-router';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { tableLink } from '../../../components/styles.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/**
 * One account of the chart: its name, code, marks, postings and balance, a link to its entries
 * and, for an account the association named, Rename, Retire (or Put back in use) and Delete
 * (while it has no postings).
 */
export function AccountItem({
  account: a,
  onRename,
  onDelete,
}: {
  account: ChartAccount;
  onRename: (account: ChartAccount) => void;
  onDelete: (account: ChartAccount) => void;
}) {
  const i18n = useTexts();
  const update = useUpdateAccount();
  const titleId = `account-${a.code}`;
  const setRetired = (retired: boolean) =>
    update.mutate(
      { code: a.code, body: { retired } },
      { onSuccess: (saved) => toastSuccess(saved.message), onError: toastError },
    );
  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between ${a.retired ? 'text-slate-500' : ''}`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold break-words text-slate-900">
            {a.name}
          </h3>
          <span translate="no" dir="ltr" className="text-sm text-slate-500">
            {a.code}
          </span>
          {a.built_in && (
            <StatusBadge tone="info">{i18n._('admin-books.chart.builtIn')}</StatusBadge>
          )}
          {a.retired && (
            <StatusBadge tone="neutral">{i18n._('admin-books.chart.retired')}</StatusBadge>
          )}
        </div>
        <p className="text-sm text-slate-600">
          {i18n._('admin-books.chart.postings', { count: a.postings })}
          {a.postings > 0 && (
            <>
              {' · '}
              <Link
                to={`/admin/ledger?account=${encodeURIComponent(a.code)}`}
                aria-describedby={titleId}
                className={tableLink}
              >
                {i18n._('admin-books.chart.entries')}
              </Link>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <p className="font-bold text-slate-900 tabular-nums sm:text-end">
          <span className="text-sm font-normal text-slate-600">
            {i18n._('admin-books.chart.balance')}{' '}
          </span>
          {aed(a.balance)}
        </p>
        {!a.built_in && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button variant="secondary" aria-describedby={titleId} onClick={() => onRename(a)}>
              {i18n._('admin-books.chart.rename')}
            </Button>
            <Button
              variant="secondary"
              aria-describedby={titleId}
              isBusy={update.isPending}
              onClick={() => setRetired(!a.retired)}
            >
              {a.retired
                ? i18n._('admin-books.chart.unretire')
                : i18n._('admin-books.chart.retire')}
            </Button>
            {a.postings === 0 && (
              <Button variant="secondary" aria-describedby={titleId} onClick={() => onDelete(a)}>
                {i18n._('admin-books.chart.delete')}
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
