// The door of imports: an association brought in from the spreadsheet it keeps.
// What app.ts and other features may use of it; the rest is the feature's own.
export { importAdminRoutes } from './admin-routes.ts';
export { mailImportInvitations } from './invitations.ts';
