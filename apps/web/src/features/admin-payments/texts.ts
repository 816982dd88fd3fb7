// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const PAYMENTS_STATUS_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-payments.payments.status.pending',
  approved: /*i18n*/ 'admin-payments.payments.status.approved',
  rejected: /*i18n*/ 'admin-payments.payments.status.rejected',
  reversed: /*i18n*/ 'admin-payments.payments.status.reversed',
};

export const PAYMENTS_TEXTS: Record<string, string> = {
  dues: /*i18n*/ 'admin-payments.payments.dues',
  member: /*i18n*/ 'admin-payments.payments.member',
  kind: /*i18n*/ 'admin-payments.payments.kind',
  amount: /*i18n*/ 'admin-payments.payments.amount',
  approvedAmount: /*i18n*/ 'admin-payments.payments.approvedAmount',
  accountNumber: /*i18n*/ 'admin-payments.payments.accountNumber',
  submittedOn: /*i18n*/ 'admin-payments.payments.submittedOn',
  reviewedOn: /*i18n*/ 'admin-payments.payments.reviewedOn',
  reason: /*i18n*/ 'admin-payments.payments.reason',
  receipt: /*i18n*/ 'admin-payments.payments.receipt',
  approve: /*i18n*/ 'admin-payments.payments.approve',
  reject: /*i18n*/ 'admin-payments.payments.reject',
  monthDue: /*i18n*/ 'admin-payments.payments.monthDue',
  monthFine: /*i18n*/ 'admin-payments.payments.monthFine',
  monthPaid: /*i18n*/ 'admin-payments.payments.monthPaid',
};

export const PAYMENTS_EMPTY_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-payments.payments.empty.pending',
  approved: /*i18n*/ 'admin-payments.payments.empty.approved',
  rejected: /*i18n*/ 'admin-payments.payments.empty.rejected',
};
