// The door of statement: a member's statement: on screen, CSV and PDF; a leaver's clearance letter;
// how a member's share-out was computed, as a PDF (the route table gives it to the bonus).
// What app.ts and other features may use of it; the rest is the feature's own.
export { clearanceFileName, type ClearanceLetter } from './clearance-pdf.ts';
export { clearanceLetterPdfInPool, sharePdfInPool } from './pdf-pool.ts';
export { statementAdminRoutes, statementRoutes } from './routes.ts';
export { memberStatement, toStatementLine } from './statement-query.ts';
export { statementCsv } from './statement-view.ts';
