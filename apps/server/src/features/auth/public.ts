// The door of auth: signing in, passwords and their links, sign-in throttling.
// What app.ts and other features may use of it; the rest is the feature's own.
export { handOverViews, keepForHandOver, linksToHandOver, type HandOver } from './handover.ts';
export { deviceTokenOf, findAccount, trustBrowser } from './devices.ts';
export {
  issueAskedResetLink,
  issueInvitations,
  issuePasswordLink,
  sendPasswordLinkMail,
  setPasswordWithLink,
} from './password-links.ts';
export { passkeyRoutes } from './passkey-routes.ts';
export { passwordRoutes } from './password-routes.ts';
export { hashPassword, isCommonPassword } from './passwords.ts';
export { authRoutes } from './routes.ts';
export { THROTTLE, pruneAttempts, recordLimitedRequest } from './throttle.ts';
