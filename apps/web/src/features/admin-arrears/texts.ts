import type { ArrearsReport } from '@jamiya/contracts/arrears';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

type Months = ArrearsReport['dues']['buckets'][number]['months'];

/** A dues bucket by how many months its members are behind. */
export const BUCKET_TEXTS: Record<Months, string> = {
  '1': /*i18n*/ 'admin-arrears.dues.oneMonth',
  '2': /*i18n*/ 'admin-arrears.dues.twoMonths',
  '3+': /*i18n*/ 'admin-arrears.dues.threeOrMore',
};
