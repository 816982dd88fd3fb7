// The other notices a member reads: a password link, a message, a recharge, a share-out, leaving.
import type { LoanCharge } from '@jamiya/contracts/settings';
import {
  formatIndianMobile,
  RECHARGE_OPERATOR_NAMES,
  type RechargeOperator,
} from '@jamiya/contracts/recharge';
import type { Fils } from '@jamiya/money/fils';
import { aed } from '../../lib/i18n.ts';
import type { NotificationInput } from './notify.ts';

// What a notice says of a recharge: the fields it reads of its row.
interface Recharge {
  userId: number;
  amountFils: Fils;
  number: string;
  operator: RechargeOperator;
}

/** An admin made a link to set this account's password (and another confirmed it): its owner hears who. */
export function passwordLinkNotice(
  userId: number,
  at: Date,
  by: { proposer: string; confirmer: string | null },
): NotificationInput {
  return {
    userId,
    kind: 'password_link',
    text: 'passwordLinkBy',
    values: {
      at: { at },
      by: by.proposer,
      confirmed: by.confirmer === null ? 'no' : 'yes',
      second: by.confirmer ?? '',
    },
  };
}

/** A passkey was added to the account: should it not be the member's own, they hear at once. */
export function passkeyAddedNotice(userId: number, passkey: string, at: Date): NotificationInput {
  return {
    userId,
    kind: 'security',
    text: 'passkeyAdded',
    values: { passkey, at: { at } },
    link: '/user/my-profile',
    at,
  };
}

/**
 * A passkey whose count went backwards was stopped: its member and every admin hear of it,
 * the member with a way to their profile's passkeys.
 */
export function passkeySuspendedNotice(
  userId: number,
  passkey: { userId: number; name: string },
  member: string,
  at: Date,
): NotificationInput {
  return {
    userId,
    kind: 'security',
    text: 'passkeySuspended',
    values: { passkey: passkey.name, member },
    link: userId === passkey.userId ? '/user/my-profile' : null,
    at,
  };
}

/** The committee wrote to the member: the start of what they wrote, as written. */
export function messageNotice(memberId: number, preview: string, link: string): NotificationInput {
  return { userId: memberId, kind: 'message', text: 'message', values: { preview }, link };
}

/** A recharge as its texts say it: the amount, the number as written in India, the operator. */
export function rechargeValues(recharge: Pick<Recharge, 'amountFils' | 'number' | 'operator'>) {
  return {
    amount: aed(recharge.amountFils),
    number: formatIndianMobile(recharge.number),
    operator: RECHARGE_OPERATOR_NAMES[recharge.operator],
  };
}

/** The committee made a member's mobile recharge, or refused it. */
export function rechargeNotice(
  recharge: Pick<Recharge, 'userId' | 'amountFils' | 'number' | 'operator'>,
  decision: { state: 'done'; reference: string } | { state: 'refused'; reason: string },
): NotificationInput {
  const base = {
    userId: recharge.userId,
    kind: 'recharge_state' as const,
    link: '/user/mobile-recharge',
  };
  const values = rechargeValues(recharge);
  return decision.state === 'done'
    ? { ...base, text: 'rechargeDone', values: { ...values, reference: decision.reference } }
    : { ...base, text: 'rechargeRefused', values: { ...values, reason: decision.reason } };
}

/** A member's share of a closed share-out period, and how it was worked out. */
export function bonusNotice(share: {
  userId: number;
  amountFils: Fils;
  startsOn: string;
  endsOn: string;
  averageFils: Fils;
  totalAverageFils: Fils;
  percent: number;
  /** What was shared: the interest, or the surplus the committee chose when `isSurplus`. */
  interestFils: Fils;
  isSurplus: boolean;
  /** What the association calls the loans' charge, as it called it at the share-out. */
  charge: LoanCharge;
}): NotificationInput {
  return {
    userId: share.userId,
    kind: 'bonus',
    text: share.isSurplus ? 'bonusSurplus' : 'bonus',
    values: {
      amount: aed(share.amountFils),
      from: { day: share.startsOn },
      to: { day: share.endsOn },
      average: aed(share.averageFils),
      totalAverage: aed(share.totalAverageFils),
      percent: share.percent,
      interest: aed(share.interestFils),
      charge: share.charge,
    },
    link: '/user/my-bonus',
  };
}

/**
 * A member's leaving (docs/domain/leaving.md): the committee ended the membership, the
 * settlement was paid out, or paid out but for what the member's guarantees still hold.
 */
export function exitNotice(
  userId: number,
  text: 'exitEnded' | 'exitPaid' | 'exitHeld',
  values: NotificationInput['values'],
): NotificationInput {
  return { userId, kind: 'exit', text, values, link: '/user/leave' };
}
