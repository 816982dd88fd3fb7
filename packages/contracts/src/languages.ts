// The six languages of the app (docs/languages.md), for the web app and the server alike:
// English first, then Arabic, Hindi, Urdu, Bengali and Malayalam; Arabic and Urdu are written
// right to left.

export const LANGUAGES = ['en', 'ar', 'hi', 'ur', 'bn', 'ml'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages the treasurer's own texts may be written in beside English (settings). */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (l): l is Exclude<Language, 'en'> => l !== 'en',
);

const RTL_LANGUAGES: ReadonlySet<string> = new Set<Language>(['ar', 'ur']);

/** How a language is written: `<html dir>`. */
export const directionOf = (language: string): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';

/** Each language in its own script, as the language menus show it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  hi: 'हिन्दी',
  ur: 'اردو',
  bn: 'বাংলা',
  ml: 'മലയാളം',
};

export const isLanguage = (tag: unknown): tag is Language =>
  (LANGUAGES as readonly unknown[]).includes(tag);

/**
 * The first of `tags` (most wanted first, as `navigator.languages` or a parsed Accept-Language
 * lists them) that the app speaks, by its primary subtag: `hi-IN` is Hindi.
 */
export function firstLanguageOf(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}
