// The door of notifications: notices in the app, and the job that sends them.
// What app.ts and other features may use of it; the rest is the feature's own.
export { installNotificationJob, type ScheduledNotices } from './jobs.ts';
export { lastNoticeAt, markAllRead, markKindRead } from './inbox.ts';
export { notify } from './notify.ts';
export { notificationRoutes } from './routes.ts';
export {
  bonusNotice,
  duesDueSoonNotice,
  exitNotice,
  fineNotice,
  guaranteeNotice,
  loanStateNotice,
  messageNotice,
  passwordLinkNotice,
  paymentApprovedNotice,
  paymentRejectedNotice,
  rechargeNotice,
  rechargeValues,
  reminderNotice,
} from './texts.ts';
export { paymentCorrectedNotice, savingsEntryNotice } from './correction-notices.ts';
