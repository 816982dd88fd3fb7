import type { CorrectionReason } from '@jamiya/contracts/values';
import type { Language } from '@jamiya/contracts/languages';
import { textsIn } from '../../lib/i18n.ts';
import type { EntryKind } from '../../db/schema/ledger.ts';

/** What a correction corrected, as its member reads it. */
export interface CorrectionOf {
  kind: EntryKind;
  /** The Dubai day of the entry corrected. */
  on: string;
  reasonCode: CorrectionReason | null;
}

/**
 * "Correction of the payment of 12 November: approved for the wrong month", in the reader's
 * language; for another reason, the committee's words (`note`) as they wrote them.
 */
export function describeCorrection(of: CorrectionOf, note: string, language: Language): string {
  const i18n = textsIn(language);
  return i18n._('statement.movements.correction', {
    kind: of.kind,
    day: { day: of.on },
    reason: of.reasonCode ?? 'other',
    note,
  });
}
