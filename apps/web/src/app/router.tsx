import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/states.tsx';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import { RequireAdmin } from '../features/admin/components/require-admin.tsx';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { AboutPage } from '../features/public/components/about-page.tsx';
import { ForgotPasswordPage } from '../features/public/components/forgot-password-page.tsx';
import { JoinPage } from '../features/public/components/join-page.tsx';
import { LandingPage } from '../features/public/components/landing-page.tsx';
import { NotFoundPage } from '../features/public/components/not-found-page.tsx';

// The member area is split from the public pages: a visitor never downloads it.
function page<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const MemberLayout = page(
  () => import('../features/layout/components/member-layout.tsx'),
  'MemberLayout',
);
const ProfileMenuPage = page(
  () => import('../features/layout/components/profile-menu-page.tsx'),
  'ProfileMenuPage',
);
const MemberHomePage = page(
  () => import('../features/home/components/member-home-page.tsx'),
  'MemberHomePage',
);
const MobileRechargePage = page(
  () => import('../features/home/components/mobile-recharge-page.tsx'),
  'MobileRechargePage',
);
const MonthlyPayPage = page(
  () => import('../features/dues/components/monthly-pay-page.tsx'),
  'MonthlyPayPage',
);
const ApplyLoanPage = page(
  () => import('../features/loans/components/apply-loan-page.tsx'),
  'ApplyLoanPage',
);
const MyLoanPage = page(
  () => import('../features/loans/components/my-loan-page.tsx'),
  'MyLoanPage',
);
const DashboardPage = page(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
);
const MyProfilePage = page(
  () => import('../features/profile/components/my-profile-page.tsx'),
  'MyProfilePage',
);
const MyBonusPage = page(
  () => import('../features/bonus/components/my-bonus-page.tsx'),
  'MyBonusPage',
);
const ContactChatPage = page(
  () => import('../features/chat/components/contact-chat-page.tsx'),
  'ContactChatPage',
);
const SwitchAccountPage = page(
  () => import('../features/auth/components/switch-account-page.tsx'),
  'SwitchAccountPage',
);

const AdminLayout = page(
  () => import('../features/admin/components/admin-layout.tsx'),
  'AdminLayout',
);
const AdminOverviewPage = page(
  () => import('../features/admin/components/overview-page.tsx'),
  'AdminOverviewPage',
);
const ReviewQueuePage = page(
  () => import('../features/admin/components/review-queue-page.tsx'),
  'ReviewQueuePage',
);
const AdminLoansPage = page(
  () => import('../features/admin/components/loans-page.tsx'),
  'AdminLoansPage',
);
const AdminLoanDetailPage = page(
  () => import('../features/admin/components/loan-detail-page.tsx'),
  'AdminLoanDetailPage',
);
const MembersPage = page(
  () => import('../features/admin-members/components/members-page.tsx'),
  'MembersPage',
);
const MemberDetailPage = page(
  () => import('../features/admin-members/components/member-detail-page.tsx'),
  'MemberDetailPage',
);
const ApplicationsPage = page(
  () => import('../features/admin-members/components/applications-page.tsx'),
  'ApplicationsPage',
);
const AdminSettingsPage = page(
  () => import('../features/admin-books/components/settings-page.tsx'),
  'AdminSettingsPage',
);
const LedgerPage = page(
  () => import('../features/admin-books/components/ledger-page.tsx'),
  'LedgerPage',
);
const AuditPage = page(
  () => import('../features/admin-books/components/audit-page.tsx'),
  'AuditPage',
);
const StatementPage = page(
  () => import('../features/statement/components/statement-page.tsx'),
  'StatementPage',
);
const NotificationsPage = page(
  () => import('../features/notifications/components/notifications-page.tsx'),
  'NotificationsPage',
);
const ConversationsPage = page(
  () => import('../features/admin-messages/components/conversations-page.tsx'),
  'ConversationsPage',
);
const ConversationPage = page(
  () => import('../features/admin-messages/components/conversation-page.tsx'),
  'ConversationPage',
);
const RechargesPage = page(
  () => import('../features/admin-recharges/components/recharges-page.tsx'),
  'RechargesPage',
);
const BonusPage = page(
  () => import('../features/admin-bonus/components/bonus-page.tsx'),
  'BonusPage',
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

export function AppRoutes() {
  return (
    <Suspense fallback={fallback}>
      <Routes>
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
      </Routes>
    </Suspense>
  );
}
