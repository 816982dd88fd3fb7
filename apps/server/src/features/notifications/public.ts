// The door of notifications: notices in the app, and the job that sends them.
// What app.ts and other features may use of it; the rest is the feature's own.
export { installNotificationJob, type ScheduledNotices } from './jobs.ts';
export { lastNoticeAt, markAllRead, markKindRead } from './inbox.ts';
export { notify, notifyAll } from './notify.ts';
export { notificationRoutes } from './routes.ts';
export {
  bonusNotice,
  exitNotice,
  messageNotice,
  passkeyAddedNotice,
  passkeySuspendedNotice,
  passwordLinkNotice,
  rechargeNotice,
  rechargeValues,
} from './member-notices.ts';
export { guaranteeNotice, loanStateNotice, reminderNotice } from './loan-notices.ts';
export {
  duesDueSoonNotice,
  fineNotice,
  paymentApprovedNotice,
  paymentRejectedNotice,
} from './payment-notices.ts';
export { paymentCorrectedNotice, savingsEntryNotice } from './correction-notices.ts';
