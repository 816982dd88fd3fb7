// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const APPLICATIONS_TABS_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-members.applications.tabs.pending',
  accepted: /*i18n*/ 'admin-members.applications.tabs.accepted',
  rejected: /*i18n*/ 'admin-members.applications.tabs.rejected',
};

export const APPLICATIONS_EMPTY_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-members.applications.empty.pending',
  accepted: /*i18n*/ 'admin-members.applications.empty.accepted',
  rejected: /*i18n*/ 'admin-members.applications.empty.rejected',
};

export const APPLICATIONS_FIELDS_TEXTS: Record<string, string> = {
  email: /*i18n*/ 'admin-members.applications.fields.email',
  mobile: /*i18n*/ 'admin-members.applications.fields.mobile',
  nationalId: /*i18n*/ 'admin-members.applications.fields.nationalId',
  address: /*i18n*/ 'admin-members.applications.fields.address',
  language: /*i18n*/ 'admin-members.applications.fields.language',
  applied: /*i18n*/ 'admin-members.applications.fields.applied',
  accepted: /*i18n*/ 'admin-members.applications.fields.accepted',
  rejected: /*i18n*/ 'admin-members.applications.fields.rejected',
};

export const LOANS_STATES_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-members.loans.states.pending',
  approved: /*i18n*/ 'admin-members.loans.states.approved',
  active: /*i18n*/ 'admin-members.loans.states.active',
  closed: /*i18n*/ 'admin-members.loans.states.closed',
  rejected: /*i18n*/ 'admin-members.loans.states.rejected',
  withdrawn: /*i18n*/ 'admin-members.loans.states.withdrawn',
  written_off: /*i18n*/ 'admin-members.loans.states.written_off',
  overdue: /*i18n*/ 'admin-members.loans.states.overdue',
};

export const PAYMENTS_STATES_TEXTS: Record<string, string> = {
  pending: /*i18n*/ 'admin-members.payments.states.pending',
  approved: /*i18n*/ 'admin-members.payments.states.approved',
  rejected: /*i18n*/ 'admin-members.payments.states.rejected',
  reversed: /*i18n*/ 'admin-members.payments.states.reversed',
};

export const KINDS_TEXTS: Record<string, string> = {
  dues: /*i18n*/ 'admin-members.kinds.dues',
  disbursement: /*i18n*/ 'admin-members.kinds.disbursement',
  repayment: /*i18n*/ 'admin-members.kinds.repayment',
  write_off: /*i18n*/ 'admin-members.kinds.write_off',
  reversal: /*i18n*/ 'admin-members.kinds.reversal',
  bonus: /*i18n*/ 'admin-members.kinds.bonus',
  opening: /*i18n*/ 'admin-members.kinds.opening',
  fine: /*i18n*/ 'admin-members.kinds.fine',
  fine_waiver: /*i18n*/ 'admin-members.kinds.fine_waiver',
  exit: /*i18n*/ 'admin-members.kinds.exit',
  booking: /*i18n*/ 'admin-members.kinds.booking',
  journal: /*i18n*/ 'admin-members.kinds.journal',
  recovery: /*i18n*/ 'admin-members.kinds.recovery',
};

export const STATUS_TEXTS: Record<string, string> = {
  active: /*i18n*/ 'admin-members.status.active',
  inactive: /*i18n*/ 'admin-members.status.inactive',
  activate: /*i18n*/ 'admin-members.status.activate',
  deactivate: /*i18n*/ 'admin-members.status.deactivate',
  reason: /*i18n*/ 'admin-members.status.reason',
};

export const DETAIL_FIGURES_TEXTS: Record<string, string> = {
  savings: /*i18n*/ 'admin-members.detail.figures.savings',
  loan: /*i18n*/ 'admin-members.detail.figures.loan',
  dueBalance: /*i18n*/ 'admin-members.detail.figures.dueBalance',
  unpaidMonths: /*i18n*/ 'admin-members.detail.figures.unpaidMonths',
};

export const DETAIL_FIELDS_TEXTS: Record<string, string> = {
  id: /*i18n*/ 'admin-members.detail.fields.id',
  email: /*i18n*/ 'admin-members.detail.fields.email',
  mobile: /*i18n*/ 'admin-members.detail.fields.mobile',
  nationalId: /*i18n*/ 'admin-members.detail.fields.nationalId',
  address: /*i18n*/ 'admin-members.detail.fields.address',
  joinedOn: /*i18n*/ 'admin-members.detail.fields.joinedOn',
  createdAt: /*i18n*/ 'admin-members.detail.fields.createdAt',
};

export const STATUS_TITLE_TEXTS: Record<string, string> = {
  activate: /*i18n*/ 'admin-members.status.activateTitle',
  deactivate: /*i18n*/ 'admin-members.status.deactivateTitle',
};

export const STATUS_BODY_TEXTS: Record<string, string> = {
  activate: /*i18n*/ 'admin-members.status.activateBody',
  deactivate: /*i18n*/ 'admin-members.status.deactivateBody',
};
