import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import layout from '../features/layout/locales/en.json';
import publicTexts from '../features/public/locales/en.json';
import common from '../locales/en/common.json';

// Each feature keeps its texts in features/<feature>/locales/<language>.json, the namespace
// named after the feature. Arabic, Urdu, Hindi and Bengali will sit beside them.
// The public pages' texts come with the first load; every other namespace is a file of its
// own, fetched when a page asks for it (router.tsx asks while the page's code loads), so a
// visitor of the landing page never downloads the member or admin texts.
const BUNDLED = { common, layout, public: publicTexts };

const lazyFiles = import.meta.glob<{ default: ResourceKey }>([
  '../features/*/locales/*.json',
  '!../features/layout/locales/*.json',
  '!../features/public/locales/*.json',
]);
const fileOf = (lng: string, ns: string) => `../features/${ns}/locales/${lng}.json`;

/** Every namespace that is loaded on demand (the tests load them all up front). */
export const LAZY_NAMESPACES = Object.keys(lazyFiles).map(
  (file) => /features\/([^/]+)\/locales/.exec(file)![1]!,
);

const lazyNamespaces: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(lng, ns, callback) {
    const load = lazyFiles[fileOf(lng, ns)];
    // A namespace without a file (e.g. `messages`, whose keys are their own English text).
    if (!load) return callback(null, {});
    load().then(
      (file) => callback(null, file.default),
      (error: Error) => callback(error, null),
    );
  },
};

export const RTL_LANGUAGES = new Set(['ar', 'ur']);

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources: { en: BUNDLED },
    partialBundledLanguages: true,
    ns: Object.keys(BUNDLED),
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
