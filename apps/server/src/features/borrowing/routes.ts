import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filsToAed } from '@jamiya/money/fils';
import { errorBody } from '@jamiya/contracts/common';
import { loanEligibility as loanEligibilityBody } from '@jamiya/contracts/guarantees';
import { loanApplicationFields, loanApplicationResponse } from '@jamiya/contracts/loans';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { secured } from '../../lib/route-kit.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { currentUser, requireCurrentMember, requireMember } from '../sessions/public.ts';
import { applyWithinRules, loanEligibility } from './eligibility.ts';

// A member asks to borrow: whether they may and how much (before they apply), and the
// application, checked against the association's rules and naming its guarantors.

export const borrowingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  app.get(
    '/my-loans/eligibility',
    {
      onRequest: requireMember,
      schema: {
        tags: ['borrowing'],
        operationId: 'borrowing.eligibility',
        summary: 'Whether the signed-in member may borrow now, how much, and why not',
        description:
          "By the association's rules (settings' loan_rules): months of membership, months of dues unpaid, and savings_multiple times the member's savings within the policy's range. Each reason in the reader's language.",
        ...secured,
        response: { 200: loanEligibilityBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const e = await loanEligibility(db, me.userId, new Date());
      const language = requestLanguage(request);
      return {
        eligible: e.eligible,
        max_amount: filsToAed(e.maxAmountFils),
        savings: filsToAed(e.savingsFils),
        free_savings: filsToAed(e.freeSavingsFils),
        reasons: e.reasons.map((r) => ({ code: r.code, message: translate(language, r.say) })),
      };
    },
  );

  app.post(
    '/loan-application',
    {
      config: { idempotent: true },
      onRequest: requireCurrentMember,
      schema: {
        tags: ['borrowing'],
        operationId: 'borrowing.apply',
        summary: 'Apply for a loan',
        description:
          'The server computes the total (amount x 1.07 rounded to whole AED) and the monthly amount (to two decimals); ' +
          'figures sent by the client that differ are refused (422). One open loan per member (409). Inactive members are refused (403). ' +
          "An application outside the member's eligibility (GET /api/my-loans/eligibility) is refused (422) with the same reason; " +
          'the part above their free savings needs `guarantors` who together cover it (422 per guarantor otherwise), each asked in the app.',
        ...secured,
        consumes: ['multipart/form-data', 'application/json'],
        body: loanApplicationFields,
        response: {
          200: loanApplicationResponse,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const b = request.body;
      const now = new Date();
      const created = await applyWithinRules(
        db,
        me.userId,
        {
          loanType: b.loan_type,
          amountFils: b.loan_amount,
          termMonths: b.duration_month,
          includeInsurance: b.includeInsurance,
          bankAccount: b.bank_account,
          passportOrNid: b.passport_or_nid,
          clientPerMonthFils: b.per_month_amount,
          clientTotalFils: b.total_amount_with_interest,
          guarantors: b.guarantors?.map((g) => ({ memberId: g.member_id, amountFils: g.amount })),
        },
        now,
        request.ip,
      );
      return {
        status_code: 200 as const,
        message:
          /*i18n*/ 'Your loan application was received. The committee reviews it within 2-3 business days.',
        loan: created,
      };
    },
  );
};
