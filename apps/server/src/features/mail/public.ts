// The door of mail: mail to members and its texts.
// What app.ts and other features may use of it; the rest is the feature's own.
export { createMailer, type Mailer } from './mailer.ts';
export { formatUntil, handOverMessage, notificationMail, passwordLinkMail } from './messages.ts';
