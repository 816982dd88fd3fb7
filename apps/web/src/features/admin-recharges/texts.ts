// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const STATES_TEXTS: Record<string, string> = {
  requested: /*i18n*/ 'admin-recharges.states.requested',
  done: /*i18n*/ 'admin-recharges.states.done',
  refused: /*i18n*/ 'admin-recharges.states.refused',
};

export const EMPTY_TEXTS: Record<string, string> = {
  requested: /*i18n*/ 'admin-recharges.empty.requested',
  done: /*i18n*/ 'admin-recharges.empty.done',
  refused: /*i18n*/ 'admin-recharges.empty.refused',
};

export const OPERATORS_TEXTS: Record<string, string> = {
  airtel: /*i18n*/ 'admin-recharges.operators.airtel',
  jio: /*i18n*/ 'admin-recharges.operators.jio',
  vi: /*i18n*/ 'admin-recharges.operators.vi',
  bsnl: /*i18n*/ 'admin-recharges.operators.bsnl',
};

export const FIELDS_TEXTS: Record<string, string> = {
  number: /*i18n*/ 'admin-recharges.fields.number',
  operator: /*i18n*/ 'admin-recharges.fields.operator',
  amount: /*i18n*/ 'admin-recharges.fields.amount',
  requested: /*i18n*/ 'admin-recharges.fields.requested',
  reference: /*i18n*/ 'admin-recharges.fields.reference',
  doneOn: /*i18n*/ 'admin-recharges.fields.doneOn',
  reason: /*i18n*/ 'admin-recharges.fields.reason',
  refusedOn: /*i18n*/ 'admin-recharges.fields.refusedOn',
};
