// The treasurer's area of the route table (routes.ts): the pages under /admin.
import { page, type PageRoute, type RedirectRoute } from './page.ts';

export const ADMIN_AREA: readonly (PageRoute | RedirectRoute)[] = [
  {
    path: '/admin',
    layout: 'admin',
    page: page('admin/overview-page', undefined, 'AdminOverviewPage'),
  },
  {
    path: '/admin/payments',
    layout: 'admin',
    page: page('admin-payments/review-queue-page'),
  },
  {
    path: '/admin/loans',
    layout: 'admin',
    page: page('admin-loans/loans-page', undefined, 'AdminLoansPage'),
  },
  {
    path: '/admin/loans/:id',
    layout: 'admin',
    page: page('admin-loans/loan-detail-page', undefined, 'AdminLoanDetailPage'),
  },
  {
    path: '/admin/arrears',
    layout: 'admin',
    page: page('admin-arrears/arrears-page'),
  },
  {
    path: '/admin/members',
    layout: 'admin',
    page: page('admin-members/members-page'),
  },
  {
    path: '/admin/exits',
    layout: 'admin',
    page: page('admin-exits/exits-page'),
  },
  {
    path: '/admin/members/:id',
    layout: 'admin',
    page: page('admin-members/member-detail-page'),
  },
  {
    path: '/admin/applications',
    layout: 'admin',
    page: page('admin-members/applications-page'),
  },
  {
    path: '/admin/settings',
    layout: 'admin',
    page: page('admin-books/settings-page', undefined, 'AdminSettingsPage'),
  },
  {
    path: '/admin/ledger',
    layout: 'admin',
    page: page('admin-books/ledger-page'),
  },
  {
    path: '/admin/ledger/income-statement',
    layout: 'admin',
    page: page('admin-books/income-statement-page'),
  },
  {
    path: '/admin/ledger/accounts',
    layout: 'admin',
    page: page('admin-books/accounts-page'),
  },
  {
    path: '/admin/ledger/new-entry',
    layout: 'admin',
    page: page('admin-books/new-entry-page'),
  },
  {
    path: '/admin/audit',
    layout: 'admin',
    page: page('admin-books/audit-page'),
  },
  {
    path: '/admin/messages',
    layout: 'admin',
    page: page('admin-messages/conversations-page'),
  },
  {
    path: '/admin/messages/:memberId',
    layout: 'admin',
    page: page('admin-messages/conversation-page'),
  },
  {
    path: '/admin/recharges',
    layout: 'admin',
    page: page('admin-recharges/recharges-page'),
  },
  {
    path: '/admin/bonus',
    layout: 'admin',
    page: page('admin-bonus/bonus-page'),
  },
  {
    path: '/admin/import',
    layout: 'admin',
    page: page('admin-import/import-page'),
  },
  {
    path: '/admin/bank',
    layout: 'admin',
    page: page('admin-bank/bank-page'),
  },
];
