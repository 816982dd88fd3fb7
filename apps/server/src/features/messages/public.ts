// The door of messages: conversations between a member and the committee.
// What app.ts and other features may use of it; the rest is the feature's own.
export { messageAdminRoutes, messageRoutes } from './routes.ts';
export { isAttachmentOfConversation } from './thread.ts';
