// The door of bonus: the share-out of the loans' charge to the savers.
// What app.ts and other features may use of it; the rest is the feature's own.
export { bonusAdminRoutes, bonusRoutes } from './routes.ts';
export { openShareEstimateFils, periodsEndingIn, shareOutsOf } from './views.ts';
export { lastSharedOutDay, lockShareOuts } from './periods.ts';
export type { DrawSharePdf, ShareLetter } from './send-explained.ts';
