import { firstLanguageOf, isLanguage, type Language } from '@jamiya/contracts/languages';
import { i18n } from './i18n.tsx';

export { LANGUAGE_NAMES, LANGUAGES, type Language } from '@jamiya/contracts/languages';

const KEY = 'lang';
const YEAR_S = 365 * 24 * 60 * 60;

/** The language chosen on this device, if any. */
export function keptLanguage(): Language | undefined {
  try {
    const kept = localStorage.getItem(KEY);
    return isLanguage(kept) ? kept : undefined;
  } catch {
    return undefined; // storage refused (a private window in some browsers)
  }
}

/** The language to show: the one chosen on this device, else the browser's first we speak. */
function startLanguage(): Language {
  return keptLanguage() ?? firstLanguageOf(navigator.languages ?? []) ?? 'en';
}

/**
 * The language the page's HTML is in (the server drew it so), else the one to start in: so for
 * index.html, which the server sends for any path no route knows, whatever the language.
 */
export function pageLanguage(): Language {
  const html = document.documentElement;
  const lang = html.dataset.language === 'any' ? null : html.lang;
  return isLanguage(lang) ? lang : startLanguage();
}

/**
 * Shows the app in `language` and keeps the choice on this device, and in a cookie so that the
 * server answers the next page's first byte in it (its HTML is drawn in each language).
 */
export function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // The cookie still carries it.
  }
  document.cookie = `${KEY}=${language}; path=/; max-age=${YEAR_S}; samesite=lax`;
  return i18n.changeLanguage(language);
}
