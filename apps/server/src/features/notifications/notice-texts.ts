// Each notification's title and body, by the text its rows name (NoticeParams.text): the ids
// written whole, as Lingui's extract finds them (/*i18n*/, decision 046). Rows name their text,
// so a text is renamed or removed only with a migration of those rows.
export const NOTICE_TEXTS = {
  asWritten: {
    title: /*i18n*/ 'notifications.asWritten.title',
    body: /*i18n*/ 'notifications.asWritten.body',
  },
  bonus: {
    title: /*i18n*/ 'notifications.bonus.title',
    body: /*i18n*/ 'notifications.bonus.body',
  },
  // A share-out of more than the interest: the surplus the committee chose (docs/domain/bonus.md).
  bonusSurplus: {
    title: /*i18n*/ 'notifications.bonusSurplus.title',
    body: /*i18n*/ 'notifications.bonusSurplus.body',
  },
  duesApproved: {
    title: /*i18n*/ 'notifications.duesApproved.title',
    body: /*i18n*/ 'notifications.duesApproved.body',
  },
  duesRejected: {
    title: /*i18n*/ 'notifications.duesRejected.title',
    body: /*i18n*/ 'notifications.duesRejected.body',
  },
  duesCorrected: {
    title: /*i18n*/ 'notifications.duesCorrected.title',
    body: /*i18n*/ 'notifications.duesCorrected.body',
  },
  repaymentCorrected: {
    title: /*i18n*/ 'notifications.repaymentCorrected.title',
    body: /*i18n*/ 'notifications.repaymentCorrected.body',
  },
  savingsEntry: {
    title: /*i18n*/ 'notifications.savingsEntry.title',
    body: /*i18n*/ 'notifications.savingsEntry.body',
  },
  duesDueSoon: {
    title: /*i18n*/ 'notifications.duesDueSoon.title',
    body: /*i18n*/ 'notifications.duesDueSoon.body',
  },
  duesFined: {
    title: /*i18n*/ 'notifications.duesFined.title',
    body: /*i18n*/ 'notifications.duesFined.body',
  },
  exitEnded: {
    title: /*i18n*/ 'notifications.exitEnded.title',
    body: /*i18n*/ 'notifications.exitEnded.body',
  },
  exitPaid: {
    title: /*i18n*/ 'notifications.exitPaid.title',
    body: /*i18n*/ 'notifications.exitPaid.body',
  },
  exitHeld: {
    title: /*i18n*/ 'notifications.exitHeld.title',
    body: /*i18n*/ 'notifications.exitHeld.body',
  },
  fineWaived: {
    title: /*i18n*/ 'notifications.fineWaived.title',
    body: /*i18n*/ 'notifications.fineWaived.body',
  },
  guaranteeAsked: {
    title: /*i18n*/ 'notifications.guaranteeAsked.title',
    body: /*i18n*/ 'notifications.guaranteeAsked.body',
  },
  guaranteeAccepted: {
    title: /*i18n*/ 'notifications.guaranteeAccepted.title',
    body: /*i18n*/ 'notifications.guaranteeAccepted.body',
  },
  guaranteeDeclined: {
    title: /*i18n*/ 'notifications.guaranteeDeclined.title',
    body: /*i18n*/ 'notifications.guaranteeDeclined.body',
  },
  guaranteeReleased: {
    title: /*i18n*/ 'notifications.guaranteeReleased.title',
    body: /*i18n*/ 'notifications.guaranteeReleased.body',
  },
  guaranteeOverdue: {
    title: /*i18n*/ 'notifications.guaranteeOverdue.title',
    body: /*i18n*/ 'notifications.guaranteeOverdue.body',
  },
  guaranteeRecovered: {
    title: /*i18n*/ 'notifications.guaranteeRecovered.title',
    body: /*i18n*/ 'notifications.guaranteeRecovered.body',
  },
  installmentDueSoon: {
    title: /*i18n*/ 'notifications.installmentDueSoon.title',
    body: /*i18n*/ 'notifications.installmentDueSoon.body',
  },
  installmentOverdue: {
    title: /*i18n*/ 'notifications.installmentOverdue.title',
    body: /*i18n*/ 'notifications.installmentOverdue.body',
  },
  loanApproved: {
    title: /*i18n*/ 'notifications.loanApproved.title',
    body: /*i18n*/ 'notifications.loanApproved.body',
  },
  loanPaidOut: {
    title: /*i18n*/ 'notifications.loanPaidOut.title',
    body: /*i18n*/ 'notifications.loanPaidOut.body',
  },
  loanRejected: {
    title: /*i18n*/ 'notifications.loanRejected.title',
    body: /*i18n*/ 'notifications.loanRejected.body',
  },
  loanRepaid: {
    title: /*i18n*/ 'notifications.loanRepaid.title',
    body: /*i18n*/ 'notifications.loanRepaid.body',
  },
  loanWrittenOff: {
    title: /*i18n*/ 'notifications.loanWrittenOff.title',
    body: /*i18n*/ 'notifications.loanWrittenOff.body',
  },
  message: {
    title: /*i18n*/ 'notifications.message.title',
    body: /*i18n*/ 'notifications.message.body',
  },
  passwordLink: {
    title: /*i18n*/ 'notifications.passwordLink.title',
    body: /*i18n*/ 'notifications.passwordLink.body',
  },
  passkeyAdded: {
    title: /*i18n*/ 'notifications.passkeyAdded.title',
    body: /*i18n*/ 'notifications.passkeyAdded.body',
  },
  // A passkey whose count went backwards: to its member and to every admin.
  passkeySuspended: {
    title: /*i18n*/ 'notifications.passkeySuspended.title',
    body: /*i18n*/ 'notifications.passkeySuspended.body',
  },
  passwordLinkBy: {
    title: /*i18n*/ 'notifications.passwordLinkBy.title',
    body: /*i18n*/ 'notifications.passwordLinkBy.body',
  },
  rechargeDone: {
    title: /*i18n*/ 'notifications.rechargeDone.title',
    body: /*i18n*/ 'notifications.rechargeDone.body',
  },
  rechargeRefused: {
    title: /*i18n*/ 'notifications.rechargeRefused.title',
    body: /*i18n*/ 'notifications.rechargeRefused.body',
  },
  repaymentApproved: {
    title: /*i18n*/ 'notifications.repaymentApproved.title',
    body: /*i18n*/ 'notifications.repaymentApproved.body',
  },
  repaymentRejected: {
    title: /*i18n*/ 'notifications.repaymentRejected.title',
    body: /*i18n*/ 'notifications.repaymentRejected.body',
  },
} as const;

/**
 * A text with a title and a body. `asWritten` shows a title and body given as they are: the
 * notifications written, in English, before they were stored this way (migration 0013).
 */
export type NoticeText = keyof typeof NOTICE_TEXTS;
