import type { Fils } from '@jamiya/money/fils';

// What the server says to a reader, as plain data: written in English where it is raised,
// translated when sent (lib/i18n.ts). Apart from the catalogs, so that a pool thread, which has
// no use for them, can say why it refused a file.

/**
 * A value put into a text, formatted in the reader's language: an amount, a month of dues
 * ("2026-03"), a calendar day, a moment; anything else as it is (names, reasons: as typed).
 */
export type TextValue =
  | string
  | number
  | { fils: Fils }
  | { month: string }
  | { day: string | Date }
  | { at: Date | string }
  /** Choices, as the reader's language lists them: "1, 3 or 6", "1 أو 3 أو 6". */
  | { anyOf: readonly (string | number)[] };
export type TextValues = Record<string, TextValue>;

/** An English sentence for a reader, with its values: what an error or a reply says. */
export interface Sentence {
  message: string;
  values?: TextValues;
}
export type Say = string | Sentence;

export const sentence = (message: string, values?: TextValues): Sentence => ({ message, values });
export const aed = (fils: Fils) => ({ fils });
