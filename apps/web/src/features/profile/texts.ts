// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const GENDER_TEXTS: Record<string, string> = {
  none: /*i18n*/ 'profile.gender.none',
  male: /*i18n*/ 'profile.gender.male',
  female: /*i18n*/ 'profile.gender.female',
};
