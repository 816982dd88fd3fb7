// The door of bank: the association's bank statements, matched to the receipts and the books.
// What app.ts and other features may use of it; the rest is the feature's own.
export { bankAdminRoutes } from './admin-routes.ts';
export { bankLinesOf } from './entry-lines.ts';
export { releaseLineOfEntry } from './hand-links.ts';
export { reconcile, type ReconciliationFigures } from './reconcile.ts';
