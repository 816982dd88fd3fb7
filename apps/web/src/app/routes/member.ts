// The member area of the route table (routes.ts): the pages under /user, behind the sign-in.
import { MY_LOANS, SETTINGS } from '../../api/paths.ts';
import { page, type PageRoute, type RedirectRoute } from './page.ts';

/** The recharge form of features/recharge, which the member's home also shows. */
export const RECHARGE_FORM = page('recharge/mobile-recharge-form');

export const MEMBER_AREA: readonly (PageRoute | RedirectRoute)[] = [
  {
    path: '/user',
    layout: 'member',
    page: page('home/member-home-page'),
    // Below the figures, asked for once they have painted.
    parts: { loadRechargeForm: RECHARGE_FORM },
    start: 'drawn-eager',
    early: [MY_LOANS, SETTINGS],
  },
  {
    path: '/user/monthly-pay',
    layout: 'member',
    page: page('dues/monthly-pay-page'),
    early: [MY_LOANS, SETTINGS],
  },
  {
    path: '/user/apply-loan',
    layout: 'member',
    page: page('loans/apply-loan-page'),
    early: [MY_LOANS, SETTINGS],
  },
  {
    path: '/user/my-loan',
    layout: 'member',
    page: page('loans/my-loan-page'),
    early: [MY_LOANS],
  },
  {
    path: '/user/guarantees',
    layout: 'member',
    page: page('guarantees/guarantees-page'),
  },
  {
    path: '/user/dashboard',
    layout: 'member',
    page: page('dashboard/dashboard-page'),
    start: 'drawn-eager',
  },
  {
    path: '/user/profile',
    layout: 'member',
    page: page('layout/profile-menu-page', null),
    start: 'drawn-eager',
  },
  {
    path: '/user/my-profile',
    layout: 'member',
    page: page('profile/my-profile-page'),
    early: [SETTINGS],
    start: 'drawn-eager',
  },
  {
    path: '/user/my-bonus',
    layout: 'member',
    page: page('bonus/my-bonus-page'),
  },
  {
    path: '/user/annual-report',
    layout: 'member',
    page: page('annual-report/annual-report-page'),
  },
  {
    path: '/user/my-bonus/explained/:period',
    layout: 'member',
    page: page('bonus/share-explained-page'),
  },
  {
    path: '/user/statement',
    layout: 'member',
    page: page('statement/statement-page'),
    start: 'spinner',
  },
  {
    path: '/user/notifications',
    layout: 'member',
    page: page('notifications/notifications-page'),
  },
  {
    path: '/user/mobile-recharge',
    layout: 'member',
    page: page('recharge/mobile-recharge-page'),
    start: 'spinner',
    early: [SETTINGS],
  },
  {
    path: '/user/contact-chat',
    layout: 'member',
    page: page('chat/contact-chat-page'),
  },
  {
    path: '/user/leave',
    layout: 'member',
    page: page('leaving/leave-page'),
    start: 'spinner',
  },
  {
    path: '/user/switch-account',
    layout: 'member',
    page: page('auth/switch-account-page'),
    start: 'spinner',
  },
  { path: '/user/user', layout: 'member', redirect: '/user/my-bonus' },
];
