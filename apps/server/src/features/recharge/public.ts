// The door of recharge: mobile recharge requests.
// What app.ts and other features may use of it; the rest is the feature's own.
export { rechargeAdminRoutes, rechargeRoutes } from './routes.ts';
