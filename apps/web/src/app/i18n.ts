import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';

// Each feature keeps its texts in features/<feature>/locales/en.json, loaded as the
// namespace named after the feature. Arabic, Urdu, Hindi and Bengali will sit beside them.
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../features/*/locales/en.json',
  {
    eager: true,
  },
);

const en: Record<string, Record<string, unknown>> = { common };
for (const [file, mod] of Object.entries(featureFiles)) {
  const feature = /features\/([^/]+)\/locales/.exec(file)?.[1];
  if (feature) en[feature] = mod.default;
}

export const RTL_LANGUAGES = new Set(['ar', 'ur']);

void i18n.use(initReactI18next).init({
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  document.documentElement.dir = RTL_LANGUAGES.has(lng.split('-')[0]!) ? 'rtl' : 'ltr';
});

export default i18n;
