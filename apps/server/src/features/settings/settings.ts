import { eq } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { PublicSettings } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';

export type Settings = typeof settings.$inferSelect;

export async function getSettings(db: DbOrTx): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('the settings row is missing; were the migrations applied?');
  return row;
}

export function toPublicSettings(s: Settings): PublicSettings {
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
      terms: s.loanTerms,
      allow_custom_term: s.allowCustomTerm,
      max_custom_term: s.loanMaxCustomTerm,
    },
    terms_text: s.termsText,
    payment_instructions: s.paymentInstructions,
    recharge: { minimum: filsToAed(s.rechargeMinFils), maximum: filsToAed(s.rechargeMaxFils) },
  };
}
