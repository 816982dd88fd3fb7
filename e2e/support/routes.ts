/** Every page of the member area, for the specs that visit them all (a11y, narrow). */
export const MEMBER_ROUTES = [
  '/user',
  '/user/monthly-pay',
  '/user/apply-loan',
  '/user/my-loan',
  '/user/dashboard',
  '/user/profile',
  '/user/my-profile',
  '/user/my-bonus',
  '/user/statement',
  '/user/notifications',
  '/user/mobile-recharge',
  '/user/contact-chat',
  '/user/switch-account',
] as const;
