/** One line of the treasurer's payment instructions, with the account number it holds, if any. */
export interface InstructionLine {
  text: string;
  /** The number as the member pastes it (no spaces), e.g. "AE070331234567890123456". */
  number: string | null;
}

// A run of digits with single spaces inside (an IBAN's groups, "050 123 9876"), optionally
// after an IBAN's two-letter country code or a phone number's "+"; it counts as an account
// number from 6 digits.
const NUMBER_RUN = /\+?(?:\b[A-Z]{2}(?=\d))?\d(?: ?\d)*/g;
const MIN_DIGITS = 6;

/**
 * A line cut around its account numbers, so that each is shown left to right in Arabic and
 * Urdu too: there, "AE07 0331 2345" would otherwise read its groups from the right.
 */
export function lineParts(line: string): { text: string; isNumber: boolean }[] {
  const parts: { text: string; isNumber: boolean }[] = [];
  let end = 0;
  for (const { 0: run, index } of line.matchAll(NUMBER_RUN)) {
    if (run.replace(/\D/g, '').length < MIN_DIGITS) continue;
    if (index > end) parts.push({ text: line.slice(end, index), isNumber: false });
    parts.push({ text: run, isNumber: true });
    end = index + run.length;
  }
  if (end < line.length) parts.push({ text: line.slice(end), isNumber: false });
  return parts;
}

/** The first account number in a line, as the member pastes it: no spaces, no "+". */
export function accountNumberIn(line: string): string | null {
  const number = lineParts(line).find((part) => part.isNumber);
  return number ? number.text.replace(/[ +]/g, '') : null;
}

/** The instructions' non-empty lines, each with its account number. */
export function instructionLines(text: string): InstructionLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ text: line, number: accountNumberIn(line) }));
}
