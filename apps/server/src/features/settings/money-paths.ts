import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { TRANSLATED_LANGUAGES } from '@jamiya/contracts/languages';
import type { settingsUpdateRequest, TextTranslations } from '@jamiya/contracts/settings';
import { keptTranslations, type Settings } from './settings.ts';

// Where members send their money is money (issue 50): the payment instructions, in every
// language, and what one admin may book alone. With two or more active admins, one proposes a
// change of them and another carries it out (docs/domain/maker-checker.md).

type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type SettingsUpdate = z.output<typeof settingsUpdateRequest>;

export interface MoneyPaths {
  instructions: string;
  /** The instructions written in other languages, by language. */
  translated: Partial<Record<TranslatedLanguage, string>>;
  oneAdminBankFeeFils: number;
}

function translatedOf(translations: TextTranslations): MoneyPaths['translated'] {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((l) => {
      const text = translations[l]?.payment_instructions;
      return text ? [[l, text]] : [];
    }),
  );
}

export const moneyPathsOf = (s: Settings): MoneyPaths => ({
  instructions: s.paymentInstructions,
  translated: translatedOf(s.textTranslations),
  oneAdminBankFeeFils: s.oneAdminBankFeeFils,
});

/** The texts in other languages a save asks for: those it sends, else those kept. */
export const translationsAsked = (body: SettingsUpdate, s: Settings): TextTranslations =>
  body.translations === undefined ? s.textTranslations : keptTranslations(body.translations);

/** The money paths a save asks for: what it sends, else what they are. */
export function moneyPathsAsked(body: SettingsUpdate, s: Settings): MoneyPaths {
  return {
    instructions: body.payment_instructions ?? s.paymentInstructions,
    translated: translatedOf(translationsAsked(body, s)),
    oneAdminBankFeeFils: body.books_rules?.one_admin_bank_fee ?? s.oneAdminBankFeeFils,
  };
}

export const samePaths = (a: MoneyPaths, b: unknown) => isDeepStrictEqual(a, b);

/** The settings' columns that hold `paths`, the other texts in other languages as `translations` has them. */
export function pathsColumns(paths: MoneyPaths, translations: TextTranslations) {
  const merged: TextTranslations = {};
  for (const l of TRANSLATED_LANGUAGES) {
    const { payment_instructions: _, ...others } = translations[l] ?? {};
    const instructions = paths.translated[l];
    merged[l] = { ...others, ...(instructions ? { payment_instructions: instructions } : {}) };
  }
  return {
    paymentInstructions: paths.instructions,
    textTranslations: keptTranslations(merged),
    oneAdminBankFeeFils: paths.oneAdminBankFeeFils,
  };
}
