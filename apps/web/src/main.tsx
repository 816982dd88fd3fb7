import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/dist/ReactToastify.css';
import './styles.css';
import './app/i18n.ts';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { startEarly } from './lib/api-client.ts';

const { pathname } = window.location;
// A member's deep link: its first requests start now, beside its code (lib/api-client.ts).
// Every member page shows the layout (profile, account data); these also read the loan or
// the settings.
const memberPage = pathname.replace(/\/$/, '');
const withLoans = ['/user', '/user/monthly-pay', '/user/apply-loan', '/user/my-loan'];
const withSettings = ['/user', '/user/monthly-pay', '/user/apply-loan', '/user/mobile-recharge'];
if (memberPage === '/user' || memberPage.startsWith('/user/')) {
  startEarly([
    '/api/profile',
    '/api/my-account-data',
    ...(withLoans.includes(memberPage) ? ['/api/my-loans?limit=20'] : []),
    ...(withSettings.includes(memberPage) ? ['/api/settings'] : []),
  ]);
}
preloadRoute(pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
