import type { settings } from '../../db/schema/settings.ts';
import type { SettingsUpdate } from './money-paths.ts';

/**
 * The settings' columns a save changes, but for the money paths (money-paths.ts): what the
 * body leaves out stays as it is.
 */
export function columnsOf(body: SettingsUpdate): Partial<typeof settings.$inferInsert> {
  const { loan_policy: policy, loan_rules: loans, dues_rules: dues } = body;
  return {
    associationName: body.association_name,
    monthlyDueFils: body.monthly_due,
    loanMinFils: policy.minimum,
    loanMaxFils: policy.maximum,
    loanStepFils: policy.step,
    loanDefaultFils: policy.default,
    loanTerms: [...policy.terms].sort((a, b) => a - b),
    allowCustomTerm: policy.allow_custom_term,
    loanMaxCustomTerm: policy.max_custom_term,
    ...(policy.charge_called === undefined ? {} : { loanCharge: policy.charge_called }),
    ...(loans === undefined
      ? {}
      : {
          minMembershipMonths: loans.min_membership_months,
          maxMonthsInArrears: loans.max_months_in_arrears,
          savingsMultiple: loans.savings_multiple,
          guarantorAlertDays: loans.guarantor_alert_days,
          ...(loans.write_off_bar_months === undefined
            ? {}
            : { writeOffBarMonths: loans.write_off_bar_months }),
        }),
    ...(dues === undefined
      ? {}
      : {
          dueDay: dues.due_day,
          reminderDaysBefore: dues.reminder_days_before,
          graceDays: dues.grace_days,
          fineFils: dues.fine_amount,
          finePercent: dues.fine_percent,
        }),
    ...(body.exit_rules === undefined ? {} : { shareOutAtExit: body.exit_rules.share_out_at_exit }),
    ...(body.books_rules?.year_starts_in_month === undefined
      ? {}
      : { yearStartsMonth: body.books_rules.year_starts_in_month }),
    termsText: body.terms_text,
    ...(body.recharge
      ? { rechargeMinFils: body.recharge.minimum, rechargeMaxFils: body.recharge.maximum }
      : {}),
  };
}
