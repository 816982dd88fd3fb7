// The door of exits: a member leaving the association, from the request to the clearance letter.
// What app.ts and other features may use of it; the rest is the feature's own.
export { exitAdminRoutes } from './admin-routes.ts';
export { exitRoutes } from './routes.ts';
export { closeEmptiedExits } from './emptied.ts';
