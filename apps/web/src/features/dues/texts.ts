// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const HISTORY_TEXTS: Record<string, string> = {
  dues: /*i18n*/ 'dues.history.dues',
  reason: /*i18n*/ 'dues.history.reason',
  pending: /*i18n*/ 'dues.history.pending',
  approved: /*i18n*/ 'dues.history.approved',
  rejected: /*i18n*/ 'dues.history.rejected',
  reversed: /*i18n*/ 'dues.history.reversed',
};
