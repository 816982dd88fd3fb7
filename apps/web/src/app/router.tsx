import {
  Children,
  isValidElement,
  lazy,
  Suspense,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/states.tsx';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { LandingPage } from '../features/public/components/landing-page.tsx';
import i18n from './i18n.ts';

// Only the landing page comes with the first load: every other page is loaded when it is
// first shown, together with the query client it needs (query-provider.tsx) and its
// feature's texts (i18n.ts), so a visitor of / downloads none of the forms, the query
// library or the member area.
function page<M, K extends keyof M>(load: () => Promise<M>, name: K, namespace?: string) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  let loading: Promise<{ default: ComponentType<Props & object> }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([
      load(),
      import('./query-provider.tsx'),
      namespace && i18n.loadNamespaces(namespace),
    ]).then(([module, { withQueryClient }]) => ({
      default: withQueryClient(module[name] as ComponentType<Props & object>),
    })));
  return Object.assign(lazy(preload), { preload });
}

/**
 * A lazy page shows only once what is around it has rendered (the session check, then the
 * layout), so on a first visit straight to /user/... the pieces would load one after the
 * other: they are all asked for at once instead. Settles when they have all loaded (or one
 * failed: the page then meets the failure when it renders).
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

const AboutPage = page(() => import('../features/public/components/about-page.tsx'), 'AboutPage');
const SignInPage = page(
  () => import('../features/auth/components/sign-in-page.tsx'),
  'SignInPage',
  'auth',
);
const JoinPage = page(() => import('../features/public/components/join-page.tsx'), 'JoinPage');
const ForgotPasswordPage = page(
  () => import('../features/public/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const NotFoundPage = page(
  () => import('../features/public/components/not-found-page.tsx'),
  'NotFoundPage',
);
const RequireSession = page(
  () => import('../features/auth/components/require-session.tsx'),
  'RequireSession',
  'auth',
);
const RequireAdmin = page(
  () => import('../features/admin/components/require-admin.tsx'),
  'RequireAdmin',
);
// The layout's own texts come with the first load; its notification bell's do not.
const MemberLayout = page(
  () => import('../features/layout/components/member-layout.tsx'),
  'MemberLayout',
  'notifications',
);
const ProfileMenuPage = page(
  () => import('../features/layout/components/profile-menu-page.tsx'),
  'ProfileMenuPage',
);
const MemberHomePage = page(
  () => import('../features/home/components/member-home-page.tsx'),
  'MemberHomePage',
  'home',
);
const MobileRechargePage = page(
  () => import('../features/home/components/mobile-recharge-page.tsx'),
  'MobileRechargePage',
  'home',
);
const MonthlyPayPage = page(
  () => import('../features/dues/components/monthly-pay-page.tsx'),
  'MonthlyPayPage',
  'dues',
);
const ApplyLoanPage = page(
  () => import('../features/loans/components/apply-loan-page.tsx'),
  'ApplyLoanPage',
  'loans',
);
const MyLoanPage = page(
  () => import('../features/loans/components/my-loan-page.tsx'),
  'MyLoanPage',
  'loans',
);
const DashboardPage = page(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
  'dashboard',
);
const MyProfilePage = page(
  () => import('../features/profile/components/my-profile-page.tsx'),
  'MyProfilePage',
  'profile',
);
const MyBonusPage = page(
  () => import('../features/bonus/components/my-bonus-page.tsx'),
  'MyBonusPage',
  'bonus',
);
const ContactChatPage = page(
  () => import('../features/chat/components/contact-chat-page.tsx'),
  'ContactChatPage',
  'chat',
);
const SwitchAccountPage = page(
  () => import('../features/auth/components/switch-account-page.tsx'),
  'SwitchAccountPage',
  'auth',
);

const AdminLayout = page(
  () => import('../features/admin/components/admin-layout.tsx'),
  'AdminLayout',
  'admin',
);
const AdminOverviewPage = page(
  () => import('../features/admin/components/overview-page.tsx'),
  'AdminOverviewPage',
  'admin',
);
const ReviewQueuePage = page(
  () => import('../features/admin/components/review-queue-page.tsx'),
  'ReviewQueuePage',
  'admin',
);
const AdminLoansPage = page(
  () => import('../features/admin/components/loans-page.tsx'),
  'AdminLoansPage',
  'admin',
);
const AdminLoanDetailPage = page(
  () => import('../features/admin/components/loan-detail-page.tsx'),
  'AdminLoanDetailPage',
  'admin',
);
const MembersPage = page(
  () => import('../features/admin-members/components/members-page.tsx'),
  'MembersPage',
  'admin-members',
);
const MemberDetailPage = page(
  () => import('../features/admin-members/components/member-detail-page.tsx'),
  'MemberDetailPage',
  'admin-members',
);
const ApplicationsPage = page(
  () => import('../features/admin-members/components/applications-page.tsx'),
  'ApplicationsPage',
  'admin-members',
);
const AdminSettingsPage = page(
  () => import('../features/admin-books/components/settings-page.tsx'),
  'AdminSettingsPage',
  'admin-books',
);
const LedgerPage = page(
  () => import('../features/admin-books/components/ledger-page.tsx'),
  'LedgerPage',
  'admin-books',
);
const AuditPage = page(
  () => import('../features/admin-books/components/audit-page.tsx'),
  'AuditPage',
  'admin-books',
);
const StatementPage = page(
  () => import('../features/statement/components/statement-page.tsx'),
  'StatementPage',
  'statement',
);
const NotificationsPage = page(
  () => import('../features/notifications/components/notifications-page.tsx'),
  'NotificationsPage',
  'notifications',
);
const ConversationsPage = page(
  () => import('../features/admin-messages/components/conversations-page.tsx'),
  'ConversationsPage',
  'admin-messages',
);
const ConversationPage = page(
  () => import('../features/admin-messages/components/conversation-page.tsx'),
  'ConversationPage',
  'admin-messages',
);
const RechargesPage = page(
  () => import('../features/admin-recharges/components/recharges-page.tsx'),
  'RechargesPage',
  'admin-recharges',
);
const BonusPage = page(
  () => import('../features/admin-bonus/components/bonus-page.tsx'),
  'BonusPage',
  'admin-bonus',
);
const SetPasswordPage = page(
  () => import('../features/public/components/set-password-page.tsx'),
  'SetPasswordPage',
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
  return (
    <Suspense fallback={fallback}>
      <Routes>{routeTree}</Routes>
    </Suspense>
  );
}
