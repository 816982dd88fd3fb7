// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const RECHARGE_OPERATORS_TEXTS: Record<string, string> = {
  airtel: /*i18n*/ 'recharge.recharge.operators.airtel',
  jio: /*i18n*/ 'recharge.recharge.operators.jio',
  vi: /*i18n*/ 'recharge.recharge.operators.vi',
  vodafone: /*i18n*/ 'recharge.recharge.operators.vi',
  bsnl: /*i18n*/ 'recharge.recharge.operators.bsnl',
};

/** The operators the form offers, as the spec names them: the server keeps vodafone as vi. */
export const OPERATOR_CHOICES = ['airtel', 'jio', 'vodafone', 'bsnl'] as const;

export const MY_RECHARGES_STATES_TEXTS: Record<string, string> = {
  requested: /*i18n*/ 'recharge.myRecharges.states.requested',
  done: /*i18n*/ 'recharge.myRecharges.states.done',
  refused: /*i18n*/ 'recharge.myRecharges.states.refused',
};
