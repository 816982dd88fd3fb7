import type { ComponentType, SVGProps } from 'react';
import {
  ApplyIcon,
  ChatIcon,
  DashboardIcon,
  GiftIcon,
  PhoneIcon,
  SwitchIcon,
  UserIcon,
} from '../../../components/icons.tsx';

export interface MenuEntry {
  key: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The profile menu of spec section 2, each entry to a real route (PRODUCT.md section 7). */
export const PROFILE_MENU: MenuEntry[] = [
  { key: 'dashboard', to: '/user/dashboard', Icon: DashboardIcon },
  { key: 'myProfile', to: '/user/my-profile', Icon: UserIcon },
  { key: 'loanApply', to: '/user/apply-loan', Icon: ApplyIcon },
  { key: 'statement', to: '/user/statement', Icon: DashboardIcon },
  { key: 'notifications', to: '/user/notifications', Icon: ChatIcon },
  { key: 'myBonus', to: '/user/my-bonus', Icon: GiftIcon },
  { key: 'mobileRecharge', to: '/user/mobile-recharge', Icon: PhoneIcon },
  { key: 'contactChat', to: '/user/contact-chat', Icon: ChatIcon },
  { key: 'switchAccount', to: '/user/switch-account', Icon: SwitchIcon },
];
