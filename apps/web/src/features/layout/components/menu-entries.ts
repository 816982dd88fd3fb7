import { createElement, type ComponentType, type SVGProps } from 'react';
import {
  ApplyIcon,
  ChatIcon,
  DashboardIcon,
  GiftIcon,
  iconProps,
  PhoneIcon,
  SwitchIcon,
  UserIcon,
} from '../../../components/icons.tsx';

export interface MenuEntry {
  /** The id of its text, written whole for Lingui's extract (decision 046). */
  text: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Two members side by side: the guarantees a member gives for another's loan. */
export const GuaranteeIcon = (p: SVGProps<SVGSVGElement>) =>
  createElement(
    'svg',
    iconProps(p),
    createElement('circle', { cx: 9, cy: 8, r: 3.5 }),
    createElement('path', { d: 'M2.5 20c0-3.5 3-5.5 6.5-5.5s6.5 2 6.5 5.5' }),
    createElement('path', { d: 'M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .7 3.5 2.4 3.5 5.2' }),
  );

/** The profile menu of docs/product.md 10.2, each entry to a real route (docs/product.md section 7). */
export const PROFILE_MENU: MenuEntry[] = [
  { text: /*i18n*/ 'layout.menu.dashboard', to: '/user/dashboard', Icon: DashboardIcon },
  { text: /*i18n*/ 'layout.menu.myProfile', to: '/user/my-profile', Icon: UserIcon },
  { text: /*i18n*/ 'layout.menu.loanApply', to: '/user/apply-loan', Icon: ApplyIcon },
  { text: /*i18n*/ 'layout.menu.guarantees', to: '/user/guarantees', Icon: GuaranteeIcon },
  { text: /*i18n*/ 'layout.menu.statement', to: '/user/statement', Icon: DashboardIcon },
  { text: /*i18n*/ 'layout.menu.notifications', to: '/user/notifications', Icon: ChatIcon },
  { text: /*i18n*/ 'layout.menu.myBonus', to: '/user/my-bonus', Icon: GiftIcon },
  { text: /*i18n*/ 'layout.menu.annualReport', to: '/user/annual-report', Icon: DashboardIcon },
  { text: /*i18n*/ 'layout.menu.mobileRecharge', to: '/user/mobile-recharge', Icon: PhoneIcon },
  { text: /*i18n*/ 'layout.menu.contactChat', to: '/user/contact-chat', Icon: ChatIcon },
  { text: /*i18n*/ 'layout.menu.switchAccount', to: '/user/switch-account', Icon: SwitchIcon },
];

/** A door with an arrow out of it, pointing to the end side (mirrored right to left). */
export const SignOutIcon = (p: SVGProps<SVGSVGElement>) =>
  createElement(
    'svg',
    iconProps({ ...p, className: `rtl:-scale-x-100 ${p.className ?? ''}` }),
    createElement('path', { d: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4' }),
    createElement('path', { d: 'M16 17l5-5-5-5M21 12H9' }),
  );

/** A shield: the admin area, offered first to an admin who is a member too (the chair). */
const ShieldIcon = (p: SVGProps<SVGSVGElement>) =>
  createElement(
    'svg',
    iconProps(p),
    createElement('path', { d: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z' }),
  );

export const ADMIN_AREA_ENTRY: MenuEntry = {
  text: /*i18n*/ 'layout.menu.adminArea',
  to: '/admin',
  Icon: ShieldIcon,
};

/**
 * The last entry of the profile menu: not a link but a button that signs out at once (the
 * shared sign-out, src/api/logout.ts) and lands on /sign-in.
 */
export const SIGN_OUT_ENTRY = { text: /*i18n*/ 'layout.menu.signOut', Icon: SignOutIcon } as const;
