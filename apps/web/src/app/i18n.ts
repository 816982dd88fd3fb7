import { i18n } from '../lib/i18n.tsx';
import landing from '../features/landing/locales/en.json';
import layout from '../features/layout/locales/en.json';
import common from '../locales/en/common.json';

// Each feature keeps its texts in features/<feature>/locales/<language>.json, the namespace
// named after the feature. Arabic, Urdu, Hindi and Bengali will sit beside them.
// The landing page's texts and the header's and footer's come with the first load; every other
// namespace is a file of its own, fetched when a page asks for it (router.tsx asks while the
// page's code loads), so a visitor of the landing page never downloads the member or admin
// texts, nor a member those of the other public pages.
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../features/*/locales/*.json',
  '!../features/layout/locales/*.json',
  '!../features/landing/locales/*.json',
]);

i18n.init({
  lng: 'en',
  resources: { en: { common, layout, landing } },
  // A namespace without a file (e.g. `messages`, whose keys are their own English text) is empty.
  load: (lng, ns) =>
    lazyFiles[`../features/${ns}/locales/${lng}.json`]?.().then((file) => file.default),
});

export default i18n;
