import type { Messages } from '@lingui/core';
import { i18n } from '../lib/i18n.tsx';
import landing from '../features/landing/locales/en.json';
import layout from '../features/layout/locales/en.json';
import common from '../locales/en.json';

// Each feature keeps its texts in features/<feature>/locales/<language>.json, the namespace
// named after the feature; `common` is in locales/<language>.json. The build compiles them
// (scripts/texts-plugin.ts). The landing page's, the header's and footer's texts come with the
// first load in English; every other namespace and language is a file of its own (texts.ts),
// fetched when a page asks for it (app.tsx asks while the page's code loads), so a visitor of
// the landing page never downloads the member or admin texts, nor the languages he does not read.
i18n.init({
  // Typed as the JSON files read, they are compiled messages once built.
  resources: { common, layout, landing } as unknown as Record<string, Messages>,
  load: (lng, ns) => import('./texts.ts').then(({ loadTexts }) => loadTexts(lng, ns)),
});

export default i18n;
