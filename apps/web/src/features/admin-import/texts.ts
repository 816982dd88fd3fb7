import type { ImportRecord } from '@jamiya/contracts/imports';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const STATE_TEXTS: Record<ImportRecord['state'], string> = {
  proposed: /*i18n*/ 'admin-import.states.proposed',
  applied: /*i18n*/ 'admin-import.states.applied',
  withdrawn: /*i18n*/ 'admin-import.states.withdrawn',
};

export const FORMAT_TEXTS: Record<'csv' | 'xlsx', string> = {
  xlsx: /*i18n*/ 'admin-import.template.xlsx',
  csv: /*i18n*/ 'admin-import.template.csv',
};
