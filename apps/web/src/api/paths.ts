// The calls a member page may start before its code has arrived (app/routes.ts, early.ts),
// each written once: the query options that read their answers ask for the same path.
export const PROFILE = '/api/profile';
export const ACCOUNT_DATA = '/api/my-account-data';
export const MY_LOANS = '/api/my-loans?limit=20';
export const SETTINGS = '/api/settings';

export type EarlyPath = typeof PROFILE | typeof ACCOUNT_DATA | typeof MY_LOANS | typeof SETTINGS;
