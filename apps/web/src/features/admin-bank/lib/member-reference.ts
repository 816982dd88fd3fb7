// A member's transfer reference is their member ID (JM000123), which banks' texts carry as
// written, or shortened and split (JM-123): what a line's text says, to look the member up.

const REFERENCE = /\bJM[-\s]?0*(\d{1,9})\b/i;

/** The member ID a bank line's text names, as the app writes it (JM000123), if it names one. */
export function memberIdIn(text: string): string | null {
  const m = REFERENCE.exec(text);
  return m ? `JM${m[1]!.padStart(6, '0')}` : null;
}
