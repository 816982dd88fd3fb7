// The door of year: the association's year: its months' locks, its close, its pack and report.
// What app.ts and other features may use of it; the rest is the feature's own.
export { yearAdminRoutes } from './routes.ts';
export { annualReportRoutes, yearReportAdminRoutes } from './report/routes.ts';
