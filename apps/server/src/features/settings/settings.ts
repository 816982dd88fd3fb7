import { eq } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { AdminSettings, PublicSettings, TextTranslations } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';

export type Settings = typeof settings.$inferSelect;

export async function getSettings(db: DbOrTx): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('the settings row is missing; were the migrations applied?');
  return row;
}

/**
 * One of the treasurer's texts in `language`, or the English where none was written in it,
 * with the language it is in.
 */
function textIn(
  s: Settings,
  field: 'payment_instructions' | 'terms_text',
  language: Language,
): { text: string; language: Language } {
  const english = field === 'payment_instructions' ? s.paymentInstructions : s.termsText;
  const written = language === 'en' ? undefined : s.textTranslations[language]?.[field];
  return written ? { text: written, language } : { text: english, language: 'en' };
}

/** Where members send the money, in `language` where the treasurer wrote it, else the English. */
export function paymentInstructionsIn(s: Settings, language: Language): string {
  return textIn(s, 'payment_instructions', language).text;
}

/** The settings as a reader in `language` reads them: the treasurer's texts in it where written. */
export function toPublicSettings(s: Settings, language: Language = 'en'): PublicSettings {
  const instructions = textIn(s, 'payment_instructions', language);
  const terms = textIn(s, 'terms_text', language);
  return {
    association_name: s.associationName,
    currency: 'AED',
    monthly_due: filsToAed(s.monthlyDueFils),
    loan_policy: {
      minimum: filsToAed(s.loanMinFils),
      maximum: filsToAed(s.loanMaxFils),
      step: filsToAed(s.loanStepFils),
      default: filsToAed(s.loanDefaultFils),
      interest_rate_percent: s.interestPermille / 10,
      charge_called: s.loanCharge,
      terms: s.loanTerms,
      allow_custom_term: s.allowCustomTerm,
      max_custom_term: s.loanMaxCustomTerm,
    },
    loan_rules: {
      min_membership_months: s.minMembershipMonths,
      max_months_in_arrears: s.maxMonthsInArrears,
      savings_multiple: s.savingsMultiple,
      guarantor_alert_days: s.guarantorAlertDays,
      write_off_bar_months: s.writeOffBarMonths,
    },
    dues_rules: {
      due_day: s.dueDay,
      reminder_days_before: s.reminderDaysBefore,
      grace_days: s.graceDays,
      fine_amount: filsToAed(s.fineFils),
      fine_percent: s.finePercent,
    },
    exit_rules: { share_out_at_exit: s.shareOutAtExit },
    terms_text: terms.text,
    payment_instructions: instructions.text,
    texts_in: { payment_instructions: instructions.language, terms_text: terms.language },
    recharge: { minimum: filsToAed(s.rechargeMinFils), maximum: filsToAed(s.rechargeMaxFils) },
  };
}

/** The settings as the treasurer reads them: the English texts, and every language's beside. */
export function toAdminSettings(s: Settings): AdminSettings {
  const { texts_in: _, ...english } = toPublicSettings(s, 'en');
  return {
    ...english,
    translations: s.textTranslations,
    books_rules: {
      one_admin_bank_fee: filsToAed(s.oneAdminBankFeeFils),
      year_starts_in_month: s.yearStartsMonth,
    },
    updated_at: s.updatedAt.toISOString(),
  };
}

/** What a save keeps of the texts written in other languages: the non-empty ones. */
export function keptTranslations(translations: TextTranslations): TextTranslations {
  const kept: TextTranslations = {};
  for (const [language, texts] of Object.entries(translations) as [
    keyof TextTranslations,
    TextTranslations[keyof TextTranslations],
  ][]) {
    const written = Object.fromEntries(
      Object.entries(texts ?? {}).filter(([, text]) => typeof text === 'string' && text !== ''),
    );
    if (Object.keys(written).length > 0) kept[language] = written;
  }
  return kept;
}

/** Where members send the money, as the treasurer writes it (the demo's, at its first start). */
export async function setPaymentInstructions(db: DbOrTx, text: string): Promise<void> {
  await db.update(settings).set({ paymentInstructions: text });
}
