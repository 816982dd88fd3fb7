import { useTexts } from '../../../lib/i18n.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { BooksNav } from './books-nav.tsx';
import { BooksProposals } from './books-proposals.tsx';
import { Journal } from './journal.tsx';
import { TrialBalance } from './trial-balance.tsx';

/**
 * /admin/ledger: what waits for a second admin in the books, the trial balance, then the
 * journal it is the sum of. The other books' pages are a link away (BooksNav).
 */
export function LedgerPage() {
  const i18n = useTexts();
  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.ledger.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-books.ledger.title')}
        subtitle={i18n._('admin-books.ledger.subtitle')}
      />
      <BooksNav />
      <BooksProposals />
      <TrialBalance />
      <Journal />
    </div>
  );
}
