// The public pages of the route table (routes.ts): open to every visitor, in the public layout.
import { page, type PageRoute, type RedirectRoute } from './page.ts';

export const PUBLIC_AREA: readonly (PageRoute | RedirectRoute)[] = [
  // The landing page is the one page of the first load (app.tsx imports it).
  {
    path: '/',
    layout: 'public',
    page: page('landing/landing-page'),
  },
  {
    path: '/about',
    layout: 'public',
    page: page('public/about-page'),
  },
  {
    path: '/sign-in',
    layout: 'public',
    page: page('auth/sign-in-page'),
  },
  {
    path: '/join',
    layout: 'public',
    page: page('public/join-page'),
  },
  {
    path: '/forgot-password',
    layout: 'public',
    page: page('public/forgot-password-page'),
  },
  {
    path: '/set-password',
    layout: 'public',
    page: page('public/set-password-page'),
    start: 'client',
  },
  // Targets of the original menus that have no page of their own lead to the real pages.
  { path: '/mobile-recharge', layout: 'public', redirect: '/user/mobile-recharge' },
  { path: '/contact', layout: 'public', redirect: '/user/contact-chat' },
];
