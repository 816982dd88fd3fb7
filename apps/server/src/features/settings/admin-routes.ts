import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  adminSettings,
  settingsUpdateRequest,
  settingsUpdateResponse,
} from '@jamiya/contracts/settings';
import { errorBody } from '@jamiya/contracts/common';
import { settings } from '../../db/schema/settings.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { audit } from '../audit/public.ts';
import { getSettings, keptTranslations, toAdminSettings } from './settings.ts';

/** The association's settings, as the treasurer reads and changes them. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        operationId: 'settings.get',
        summary: "The association's settings",
        description:
          'For an active admin: what GET /api/settings says, with every translation of the texts and when they were last changed.',
        ...secured,
        response: { 200: adminSettings, ...refused },
      },
    },
    async () => toAdminSettings(await getSettings(db)),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        operationId: 'settings.update',
        summary:
          'Change the settings: name, monthly due (applies to unpaid months), loan policy (applies to new applications), mobile recharge amounts',
        description:
          'For an active admin: the whole settings are sent (`payment_instructions`, `translations`, `charge_called` and `recharge` may be left out to keep them); the change goes to the audit log with before and after.',
        ...secured,
        body: settingsUpdateRequest,
        response: { 200: settingsUpdateResponse, ...refused, 422: errorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const body = request.body;
      const updated = await db.transaction(async (tx) => {
        const before = await getSettings(tx);
        const [row] = await tx
          .update(settings)
          .set({
            associationName: body.association_name,
            monthlyDueFils: body.monthly_due,
            loanMinFils: body.loan_policy.minimum,
            loanMaxFils: body.loan_policy.maximum,
            loanStepFils: body.loan_policy.step,
            loanDefaultFils: body.loan_policy.default,
            loanTerms: [...body.loan_policy.terms].sort((a, b) => a - b),
            allowCustomTerm: body.loan_policy.allow_custom_term,
            loanMaxCustomTerm: body.loan_policy.max_custom_term,
            ...(body.loan_rules === undefined
              ? {}
              : {
                  minMembershipMonths: body.loan_rules.min_membership_months,
                  maxMonthsInArrears: body.loan_rules.max_months_in_arrears,
                  savingsMultiple: body.loan_rules.savings_multiple,
                  guarantorAlertDays: body.loan_rules.guarantor_alert_days,
                  ...(body.loan_rules.write_off_bar_months === undefined
                    ? {}
                    : { writeOffBarMonths: body.loan_rules.write_off_bar_months }),
                }),
            ...(body.dues_rules === undefined
              ? {}
              : {
                  dueDay: body.dues_rules.due_day,
                  reminderDaysBefore: body.dues_rules.reminder_days_before,
                  graceDays: body.dues_rules.grace_days,
                  fineFils: body.dues_rules.fine_amount,
                  finePercent: body.dues_rules.fine_percent,
                }),
            ...(body.exit_rules === undefined
              ? {}
              : { shareOutAtExit: body.exit_rules.share_out_at_exit }),
            ...(body.books_rules === undefined
              ? {}
              : { oneAdminBankFeeFils: body.books_rules.one_admin_bank_fee }),
            ...(body.loan_policy.charge_called === undefined
              ? {}
              : { loanCharge: body.loan_policy.charge_called }),
            termsText: body.terms_text,
            ...(body.payment_instructions === undefined
              ? {}
              : { paymentInstructions: body.payment_instructions }),
            ...(body.translations === undefined
              ? {}
              : { textTranslations: keptTranslations(body.translations) }),
            ...(body.recharge
              ? { rechargeMinFils: body.recharge.minimum, rechargeMaxFils: body.recharge.maximum }
              : {}),
            updatedAt: now,
          })
          .where(eq(settings.id, 1))
          .returning();
        await audit(tx, {
          actorId: actor.id,
          action: 'settings.update',
          targetType: 'settings',
          targetId: 1,
          details: { before: toAdminSettings(before), after: toAdminSettings(row!) },
          ip: actor.ip,
          at: now,
        });
        return row!;
      });
      return { message: /*i18n*/ 'The settings were saved.', settings: toAdminSettings(updated) };
    },
  );
};
