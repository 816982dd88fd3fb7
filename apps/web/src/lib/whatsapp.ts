// A chat opened on WhatsApp with a message written, for what an admin hands a member.

/**
 * The number as wa.me wants it, digits with the country code: "+971 50 123 4567" and
 * "00971501234567" give 971501234567; a number written the UAE's own way, "050 123 4567",
 * is a UAE number (the template gives both ways as examples). Null when
 * there is no number to write to.
 */
export function whatsAppNumber(mobile: string | null): string | null {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, '');
  const international = mobile.trim().startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : digits.startsWith('0')
        ? `971${digits.slice(1)}`
        : digits;
  return international.length >= 8 ? international : null;
}

/** A link that opens WhatsApp on a chat with `mobile`, the message written; null without a number. */
export function whatsAppLink(mobile: string | null, message: string): string | null {
  const number = whatsAppNumber(mobile);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}
