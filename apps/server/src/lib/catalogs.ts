// The server's features that write texts for people, each with its own catalogs in
// src/features/<feature>/locales/<language>.json (decision 046). Lingui's config declares a
// catalog for each and refuses to extract while a feature with texts is missing here; the
// server reads each at start (lib/i18n.ts).
export const TEXT_FEATURES = [
  'arrears',
  'auth',
  'bank',
  'bonus',
  'books',
  'borrowing',
  'exits',
  'files',
  'imports',
  'ledger',
  'loans',
  'mail',
  'members',
  'membership',
  'messages',
  'notifications',
  'payments',
  'proposals',
  'recharge',
  'sessions',
  'settings',
  'statement',
  'users',
  'year',
] as const;
