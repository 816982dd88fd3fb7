// The door of arrears: the arrears desk (the loans at risk, the dues behind, who to call).
// What app.ts and other features may use of it; the rest is the feature's own.
export { arrearsAdminRoutes } from './routes.ts';
