// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const HOW_BODY_TEXTS: Record<string, string> = {
  join: /*i18n*/ 'landing.how.join.body',
  dues: /*i18n*/ 'landing.how.dues.body',
  loans: /*i18n*/ 'landing.how.loans.body',
  security: /*i18n*/ 'landing.how.security.body',
};
