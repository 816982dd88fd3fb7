// The door of membership: applications to join, and the treasurer deciding them.
// What app.ts and other features may use of it; the rest is the feature's own.
export { membershipAdminRoutes } from './admin-routes.ts';
export { pendingApplicationCount, submitApplication } from './join.ts';
export { membershipRoutes } from './routes.ts';
