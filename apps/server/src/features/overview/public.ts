// The door of overview: the treasurer's overview of the association.
// What app.ts and other features may use of it; the rest is the feature's own.
export { overviewRoutes } from './routes.ts';
