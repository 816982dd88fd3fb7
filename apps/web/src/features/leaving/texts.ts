import type { ExitState } from '@jamiya/contracts/exits';
import type { BadgeTone } from '../../components/status-badge.tsx';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

export const EXIT_STATES_TEXTS: Record<ExitState, string> = {
  requested: /*i18n*/ 'leaving.states.requested',
  holding: /*i18n*/ 'leaving.states.holding',
  closed: /*i18n*/ 'leaving.states.closed',
  withdrawn: /*i18n*/ 'leaving.states.withdrawn',
};

export const EXIT_STATE_TONE: Record<ExitState, BadgeTone> = {
  requested: 'warning',
  holding: 'info',
  closed: 'success',
  withdrawn: 'neutral',
};
