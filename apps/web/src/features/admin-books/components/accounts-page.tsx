import { useState } from 'react';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { ACCOUNT_KINDS } from '../lib/account-kinds.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { ACCOUNT_GROUPS_TEXTS } from '../texts.ts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { card } from '../../../components/styles.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { AccountDialog } from './account-dialog.tsx';
import { AccountItem } from './account-item.tsx';
import { BooksNav } from './books-nav.tsx';

/**
 * /admin/ledger/accounts: the chart of accounts by kind (assets, liabilities, equity, income,
 * expenses). Jamiya's own accounts are fixed; those the association named are renamed, retired
 * (kept with their history) or, while they have no postings, deleted.
 */
export function AccountsPage() {
  const i18n = useTexts();
  const accounts = useAccounts();
  const remove = useDeleteAccount();
  const [isAdding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<ChartAccount | null>(null);
  const [deleting, setDeleting] = useState<ChartAccount | null>(null);

  let body;
  if (accounts.isPending) body = <Spinner />;
  else if (accounts.isError)
    body = (
      <ErrorState message={errorMessage(accounts.error)} onRetry={() => void accounts.refetch()} />
    );
  else if (accounts.data.items.length === 0)
    body = <EmptyState title={i18n._('admin-books.chart.empty')} />;
  else
    body = ACCOUNT_KINDS.map((kind) => {
      const ofKind = accounts.data.items.filter((a) => a.kind === kind);
      if (ofKind.length === 0) return null;
      return (
        <section key={kind} aria-labelledby={`chart-${kind}`} className={card}>
          <h2 id={`chart-${kind}`} className="text-lg font-bold text-slate-900">
            {i18n._(ACCOUNT_GROUPS_TEXTS[kind])}
          </h2>
          <ul className="divide-y divide-slate-100">
            {ofKind.map((a) => (
              <AccountItem key={a.code} account={a} onRename={setRenaming} onDelete={setDeleting} />
            ))}
          </ul>
        </section>
      );
    });

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.chart.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-books.chart.title')}
        subtitle={i18n._('admin-books.chart.subtitle')}
      />
      <BooksNav />
      <div>
        <Button onClick={() => setAdding(true)}>{i18n._('admin-books.chart.addAccount')}</Button>
      </div>
      {body}
      <AccountDialog isOpen={isAdding} onClose={() => setAdding(false)} />
      <AccountDialog
        isOpen={renaming !== null}
        account={renaming ?? undefined}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={i18n._('admin-books.chart.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={i18n._('admin-books.chart.delete')}
        isDanger
        onConfirm={async () => (await remove.mutateAsync({ code: deleting!.code })).message}
      >
        <p className="text-slate-800">{i18n._('admin-books.chart.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
