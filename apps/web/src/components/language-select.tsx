import { useTexts } from '../lib/i18n.tsx';
import { chooseLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../lib/languages.ts';

/**
 * The language menu: each language named in its own script. The choice shows at once, is kept
 * on this device (and in a cookie, for the server's next first byte), and `onChosen` keeps it
 * elsewhere too (a member's profile). Below 360 px its globe and margins are smaller, so that
 * the longest name, "മലയാളം", shows whole beside the public header's Join (issue 50).
 */
export function LanguageSelect({
  className = '',
  onChosen,
}: {
  className?: string;
  onChosen?: (language: Language) => void;
}) {
  const i18n = useTexts();
  return (
    <label className={`relative flex items-center text-slate-700 ${className}`}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden
        className="pointer-events-none absolute start-2 size-4 min-[360px]:size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
      </svg>
      <span className="sr-only">{i18n._('common.language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value as Language;
          void chooseLanguage(language);
          onChosen?.(language);
        }}
        className="min-h-11 cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white py-1 ps-7 pe-2 font-medium min-[360px]:ps-9 min-[360px]:pe-3 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
