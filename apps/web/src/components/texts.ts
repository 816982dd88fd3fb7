// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const DATE_TEXTS: Record<string, string> = {
  day: /*i18n*/ 'common.date.day',
  month: /*i18n*/ 'common.date.month',
  year: /*i18n*/ 'common.date.year',
  incomplete: /*i18n*/ 'common.date.incomplete',
};
