import type { Language } from '@jamiya/contracts/languages';
import { textsIn } from '../../lib/i18n.ts';
import type { TextValues } from '../../lib/i18n.ts';

// How the treasurer reaches a member behind: a call and a WhatsApp message in the member's own
// language (docs/domain/arrears.md).

/**
 * A mobile as the international number wa.me and tel: take (digits, country code first): "+971 50
 * 123 4567" and "00971501234567" as written, a local "050 123 4567" as a UAE number (971, the
 * leading 0 dropped). Null when it is no number.
 */
export function internationalNumber(mobile: string | null): string | null {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, '');
  if (digits.length < 7) return null;
  if (mobile.trim().startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `971${digits.slice(1)}`;
  return digits;
}

export function callUrl(mobile: string | null): string | null {
  const number = internationalNumber(mobile);
  return number ? `tel:+${number}` : null;
}

/** wa.me with a message in the member's language, ready to send (the treasurer may edit it). */
export function whatsappUrl(
  mobile: string | null,
  language: Language,
  values: TextValues,
): string | null {
  const number = internationalNumber(mobile);
  if (!number) return null;
  const text = textsIn(language)._(/*i18n*/ 'arrears.whatsapp', values);
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
