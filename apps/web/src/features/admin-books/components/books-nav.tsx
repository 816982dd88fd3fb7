import { NavLink } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';

const PAGES = [
  { to: '/admin/ledger', text: /*i18n*/ 'admin-books.nav.ledger' },
  { to: '/admin/ledger/income-statement', text: /*i18n*/ 'admin-books.nav.incomeStatement' },
  { to: '/admin/ledger/accounts', text: /*i18n*/ 'admin-books.nav.accounts' },
  { to: '/admin/ledger/new-entry', text: /*i18n*/ 'admin-books.nav.newEntry' },
] as const;

/**
 * The books' pages, one link each (on two lines on a phone, so that each is in sight), under the menu's one entry (Books): the trial balance and
 * the journal, the income and expenditure statement, the chart of accounts, an entry by hand.
 */
export function BooksNav() {
  const i18n = useTexts();
  return (
    <nav aria-label={i18n._('admin-books.nav.label')}>
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {PAGES.map((p) => (
          <li key={p.to} className="shrink-0">
            <NavLink
              to={p.to}
              end
              className={({ isActive }) =>
                `-mb-px inline-flex min-h-11 items-center border-b-2 px-3 font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-4 ${isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`
              }
            >
              {i18n._(p.text)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
