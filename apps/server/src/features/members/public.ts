// The door of members: a member's profile and data, and the treasurer's member desk.
// What app.ts and other features may use of it; the rest is the feature's own.
export { memberAccountRoutes } from './account-routes.ts';
export { toAdminMember } from './admin-members.ts';
export { memberAdminRoutes } from './admin-routes.ts';
export { createInvitedMember, mailPasswordLink, memberOpenedMessage } from './invitations.ts';
export { profileRoutes } from './routes.ts';
