// The door of settings: the association's settings.
// What app.ts and other features may use of it; the rest is the feature's own.
export { settingsAdminRoutes } from './admin-routes.ts';
export {
  getSettings,
  paymentInstructionsIn,
  setPaymentInstructions,
  toPublicSettings,
  type Settings,
} from './settings.ts';
