// The door of system: health and version.
// What app.ts and other features may use of it; the rest is the feature's own.
export { systemRoutes } from './routes.ts';
