// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const ABOUT_RUN_ITEMS_TEXTS: Record<string, string> = {
  committee: /*i18n*/ 'public.about.run.items.committee',
  books: /*i18n*/ 'public.about.run.items.books',
  rules: /*i18n*/ 'public.about.run.items.rules',
};

export const ABOUT_VALUES_TITLE_TEXTS: Record<string, string> = {
  transparency: /*i18n*/ 'public.about.values.transparency.title',
  fairness: /*i18n*/ 'public.about.values.fairness.title',
  trust: /*i18n*/ 'public.about.values.trust.title',
  help: /*i18n*/ 'public.about.values.help.title',
};

export const ABOUT_VALUES_BODY_TEXTS: Record<string, string> = {
  transparency: /*i18n*/ 'public.about.values.transparency.body',
  fairness: /*i18n*/ 'public.about.values.fairness.body',
  trust: /*i18n*/ 'public.about.values.trust.body',
  help: /*i18n*/ 'public.about.values.help.body',
};
