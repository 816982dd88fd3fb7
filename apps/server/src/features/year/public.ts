// The door of year: the association's year: its months' locks (and, to come, its close).
// What app.ts and other features may use of it; the rest is the feature's own.
export { yearAdminRoutes } from './routes.ts';
