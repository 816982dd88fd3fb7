import { Children, isValidElement, Suspense, type ReactNode } from 'react';
import {
  createRoutesFromChildren,
  matchRoutes,
  Navigate,
  Route,
  Routes,
  useLocation,
} from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary.tsx';
import { Spinner } from '../components/states.tsx';
import { retryOnNewPath } from '../lib/failed-loads.ts';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { lazyPage } from './lazy-page.tsx';

// Only the landing page comes with the first load: every other page is loaded when it is
// first shown (lazy-page.tsx), so a visitor of / downloads none of the forms, the query
// library or the member area.

/**
 * A lazy page shows only once what is around it has rendered (the session check, then the
 * layout), so on a first visit straight to /user/... the pieces would load one after the
 * other: they are all asked for at once instead. Settles when they have all loaded (or one
 * failed: the page then tries once more when it renders, and shows the error if that fails).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const loads: unknown[] = [];
  const preloadIn = (node: ReactNode) => {
    if (!isValidElement<{ children?: ReactNode; fallback?: ReactNode }>(node)) return;
    loads.push((node.type as { preload?: () => unknown }).preload?.());
    Children.forEach(node.props.children, preloadIn);
    preloadIn(node.props.fallback);
  };
  for (const { route } of matchRoutes(createRoutesFromChildren(routeTree), pathname) ?? [])
    preloadIn(route.element);
  return Promise.allSettled(loads);
}

const AboutPage = lazyPage(
  () => import('../features/public/components/about-page.tsx'),
  'AboutPage',
  'public',
);
const SignInPage = lazyPage(
  () => import('../features/auth/components/sign-in-page.tsx'),
  'SignInPage',
  'auth',
);
const JoinPage = lazyPage(
  () => import('../features/public/components/join-page.tsx'),
  'JoinPage',
  'public',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/public/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
  'public',
);
const NotFoundPage = lazyPage(
  () => import('../features/public/components/not-found-page.tsx'),
  'NotFoundPage',
  'public',
);
const RequireSession = lazyPage(
  () => import('../features/auth/components/require-session.tsx'),
  'RequireSession',
  'auth',
);
const RequireAdmin = lazyPage(
  () => import('../features/admin/components/require-admin.tsx'),
  'RequireAdmin',
);
// The layout's own texts come with the first load; its notification bell's do not.
const MemberLayout = lazyPage(
  () => import('../features/layout/components/member-layout.tsx'),
  'MemberLayout',
  'notifications',
);
const ProfileMenuPage = lazyPage(
  () => import('../features/layout/components/profile-menu-page.tsx'),
  'ProfileMenuPage',
);
const MemberHomePage = lazyPage(
  () => import('../features/home/components/member-home-page.tsx'),
  'MemberHomePage',
  'home',
);
const MobileRechargePage = lazyPage(
  () => import('../features/home/components/mobile-recharge-page.tsx'),
  'MobileRechargePage',
  'home',
);
const MonthlyPayPage = lazyPage(
  () => import('../features/dues/components/monthly-pay-page.tsx'),
  'MonthlyPayPage',
  'dues',
);
const ApplyLoanPage = lazyPage(
  () => import('../features/loans/components/apply-loan-page.tsx'),
  'ApplyLoanPage',
  'loans',
);
const MyLoanPage = lazyPage(
  () => import('../features/loans/components/my-loan-page.tsx'),
  'MyLoanPage',
  'loans',
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
  'dashboard',
);
const MyProfilePage = lazyPage(
  () => import('../features/profile/components/my-profile-page.tsx'),
  'MyProfilePage',
  'profile',
);
const MyBonusPage = lazyPage(
  () => import('../features/bonus/components/my-bonus-page.tsx'),
  'MyBonusPage',
  'bonus',
);
const ContactChatPage = lazyPage(
  () => import('../features/chat/components/contact-chat-page.tsx'),
  'ContactChatPage',
  'chat',
);
const SwitchAccountPage = lazyPage(
  () => import('../features/auth/components/switch-account-page.tsx'),
  'SwitchAccountPage',
  'auth',
);

const AdminLayout = lazyPage(
  () => import('../features/admin/components/admin-layout.tsx'),
  'AdminLayout',
  'admin',
);
const AdminOverviewPage = lazyPage(
  () => import('../features/admin/components/overview-page.tsx'),
  'AdminOverviewPage',
  'admin',
);
const ReviewQueuePage = lazyPage(
  () => import('../features/admin/components/review-queue-page.tsx'),
  'ReviewQueuePage',
  'admin',
);
const AdminLoansPage = lazyPage(
  () => import('../features/admin/components/loans-page.tsx'),
  'AdminLoansPage',
  'admin',
);
const AdminLoanDetailPage = lazyPage(
  () => import('../features/admin/components/loan-detail-page.tsx'),
  'AdminLoanDetailPage',
  'admin',
);
const MembersPage = lazyPage(
  () => import('../features/admin-members/components/members-page.tsx'),
  'MembersPage',
  'admin-members',
);
const MemberDetailPage = lazyPage(
  () => import('../features/admin-members/components/member-detail-page.tsx'),
  'MemberDetailPage',
  'admin-members',
);
const ApplicationsPage = lazyPage(
  () => import('../features/admin-members/components/applications-page.tsx'),
  'ApplicationsPage',
  'admin-members',
);
const AdminSettingsPage = lazyPage(
  () => import('../features/admin-books/components/settings-page.tsx'),
  'AdminSettingsPage',
  'admin-books',
);
const LedgerPage = lazyPage(
  () => import('../features/admin-books/components/ledger-page.tsx'),
  'LedgerPage',
  'admin-books',
);
const AuditPage = lazyPage(
  () => import('../features/admin-books/components/audit-page.tsx'),
  'AuditPage',
  'admin-books',
);
const StatementPage = lazyPage(
  () => import('../features/statement/components/statement-page.tsx'),
  'StatementPage',
  'statement',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/components/notifications-page.tsx'),
  'NotificationsPage',
  'notifications',
);
const ConversationsPage = lazyPage(
  () => import('../features/admin-messages/components/conversations-page.tsx'),
  'ConversationsPage',
  'admin-messages',
);
const ConversationPage = lazyPage(
  () => import('../features/admin-messages/components/conversation-page.tsx'),
  'ConversationPage',
  'admin-messages',
);
const RechargesPage = lazyPage(
  () => import('../features/admin-recharges/components/recharges-page.tsx'),
  'RechargesPage',
  'admin-recharges',
);
const BonusPage = lazyPage(
  () => import('../features/admin-bonus/components/bonus-page.tsx'),
  'BonusPage',
  'admin-bonus',
);
const SetPasswordPage = lazyPage(
  () => import('../features/public/components/set-password-page.tsx'),
  'SetPasswordPage',
  'public',
);

const fallback = (
  <div className="grid min-h-[50dvh] place-items-center">
    <Spinner />
  </div>
);

const routeTree = (
  <>
    <Route element={<PublicLayout />}>
      <Route index element={<LandingPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="sign-in" element={<SignInPage />} />
      <Route path="join" element={<JoinPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="set-password" element={<SetPasswordPage />} />
      {/* Targets of the spec's menus that have no route there lead to the real pages. */}
      <Route path="mobile-recharge" element={<Navigate to="/user/mobile-recharge" replace />} />
      <Route path="contact" element={<Navigate to="/user/contact-chat" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route
      path="user"
      element={
        <RequireSession>
          <MemberLayout />
        </RequireSession>
      }
    >
      <Route index element={<MemberHomePage />} />
      <Route path="monthly-pay" element={<MonthlyPayPage />} />
      <Route path="apply-loan" element={<ApplyLoanPage />} />
      <Route path="my-loan" element={<MyLoanPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="profile" element={<ProfileMenuPage />} />
      <Route path="my-profile" element={<MyProfilePage />} />
      <Route path="my-bonus" element={<MyBonusPage />} />
      <Route path="statement" element={<StatementPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="mobile-recharge" element={<MobileRechargePage />} />
      <Route path="contact-chat" element={<ContactChatPage />} />
      <Route path="switch-account" element={<SwitchAccountPage />} />
      <Route path="user" element={<Navigate to="/user/my-bonus" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route
      path="admin"
      element={
        <RequireSession>
          <RequireAdmin fallback={<NotFoundPage />}>
            <AdminLayout />
          </RequireAdmin>
        </RequireSession>
      }
    >
      <Route index element={<AdminOverviewPage />} />
      <Route path="payments" element={<ReviewQueuePage />} />
      <Route path="loans" element={<AdminLoansPage />} />
      <Route path="loans/:id" element={<AdminLoanDetailPage />} />
      <Route path="members" element={<MembersPage />} />
      <Route path="members/:id" element={<MemberDetailPage />} />
      <Route path="applications" element={<ApplicationsPage />} />
      <Route path="settings" element={<AdminSettingsPage />} />
      <Route path="ledger" element={<LedgerPage />} />
      <Route path="audit" element={<AuditPage />} />
      <Route path="messages" element={<ConversationsPage />} />
      <Route path="messages/:memberId" element={<ConversationPage />} />
      <Route path="recharges" element={<RechargesPage />} />
      <Route path="bonus" element={<BonusPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

export function AppRoutes() {
  // What failed to load is tried again on another path, even with no error on the screen.
  retryOnNewPath(useLocation().pathname);
  return (
    <PageErrorBoundary>
      <Suspense fallback={fallback}>
        <Routes>{routeTree}</Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
