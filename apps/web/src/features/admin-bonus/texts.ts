// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const PREVIEW_FIGURES_TEXTS: Record<string, string> = {
  days: /*i18n*/ 'admin-bonus.preview.figures.days',
  shared: /*i18n*/ 'admin-bonus.preview.figures.shared',
  totalAverage: /*i18n*/ 'admin-bonus.preview.figures.totalAverage',
  members: /*i18n*/ 'admin-bonus.preview.figures.members',
};
