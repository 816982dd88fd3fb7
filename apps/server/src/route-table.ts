import type { FastifyPluginAsync } from 'fastify';
import { authRoutes, passkeyRoutes, passwordRoutes } from './features/auth/public.ts';
import { arrearsAdminRoutes } from './features/arrears/public.ts';
import { bankAdminRoutes, bankLinesOf } from './features/bank/public.ts';
import { bonusAdminRoutes, bonusRoutes, shareOutsOf } from './features/bonus/public.ts';
import { booksAdminRoutes } from './features/books/public.ts';
import { borrowingRoutes } from './features/borrowing/public.ts';
import { closeEmptiedExits, exitAdminRoutes, exitRoutes } from './features/exits/public.ts';
import { fileRoutes } from './features/files/public.ts';
import { importAdminRoutes } from './features/imports/public.ts';
import { chartRoutes, ledgerAdminRoutes } from './features/ledger/public.ts';
import {
  guaranteeRoutes,
  loanAdminRoutes,
  loanOwners,
  loanRoutes,
} from './features/loans/public.ts';
import {
  memberAccountRoutes,
  memberAdminRoutes,
  profileRoutes,
} from './features/members/public.ts';
import { membershipAdminRoutes, membershipRoutes } from './features/membership/public.ts';
import {
  isAttachmentOfConversation,
  messageAdminRoutes,
  messageRoutes,
} from './features/messages/public.ts';
import { notificationRoutes } from './features/notifications/public.ts';
import { overviewRoutes } from './features/overview/public.ts';
import { duesPeriodsOf, paymentAdminRoutes, paymentRoutes } from './features/payments/public.ts';
import {
  proposalAdminRoutes,
  proposedAnswer,
  withSecondAdmin,
} from './features/proposals/public.ts';
import { rechargeAdminRoutes, rechargeRoutes } from './features/recharge/public.ts';
import { settingsAdminRoutes } from './features/settings/public.ts';
import {
  sharePdfInPool,
  statementAdminRoutes,
  statementRoutes,
} from './features/statement/public.ts';
import { systemRoutes } from './features/system/public.ts';
import {
  annualReportRoutes,
  yearAdminRoutes,
  yearReportAdminRoutes,
} from './features/year/public.ts';

// Every feature's calls, as app.ts registers them: a new feature's routes are one row here.
// What one feature's routes need of another's is handed in here, so the features stay apart.

/** Under /api: the public calls and the member's. */
export const MEMBER_ROUTES: FastifyPluginAsync[] = [
  systemRoutes,
  authRoutes,
  membershipRoutes,
  passwordRoutes,
  passkeyRoutes,
  profileRoutes,
  paymentRoutes,
  loanRoutes,
  borrowingRoutes,
  guaranteeRoutes,
  async (api) => {
    await api.register(fileRoutes, {
      readers: { message_attachment: isAttachmentOfConversation },
    });
  },
  statementRoutes,
  notificationRoutes,
  messageRoutes,
  rechargeRoutes,
  bonusRoutes(sharePdfInPool),
  exitRoutes,
  annualReportRoutes,
];

/** Under /api/admin: the treasurer's calls, for admins only. */
export const ADMIN_ROUTES: FastifyPluginAsync[] = [
  memberAdminRoutes,
  memberAccountRoutes,
  membershipAdminRoutes,
  overviewRoutes,
  settingsAdminRoutes({ withSecondAdmin, proposedAnswer }),
  ledgerAdminRoutes({ duesPeriodsOf, shareOutsOf, bankLinesOf }),
  chartRoutes,
  statementAdminRoutes,
  messageAdminRoutes,
  rechargeAdminRoutes,
  bonusAdminRoutes,
  paymentAdminRoutes,
  proposalAdminRoutes({ loanOwners }),
  loanAdminRoutes({ afterRecovery: closeEmptiedExits }),
  importAdminRoutes,
  bankAdminRoutes,
  booksAdminRoutes,
  arrearsAdminRoutes,
  exitAdminRoutes,
  yearAdminRoutes,
  yearReportAdminRoutes,
];
