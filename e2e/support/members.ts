export const DEMO_PASSWORD = 'jamiya-demo';

/** The admin of the demo data (the treasurer). */
export const DEMO_ADMIN = 'admin@jamiya.example';

/** The demo data's second active admin: money leaving the fund needs both admins. */
export const DEMO_CHAIR = 'chair@jamiya.example';

/** Members of the demo data the specs read, or use where the demo allows it. */
export const DEMO_MEMBERS = {
  amina: 'amina@jamiya.example',
  rahul: 'rahul@jamiya.example',
} as const;

/** Members made for the end-to-end run, one per flow that changes the account. */
export const E2E_MEMBERS = {
  password: { name: 'Priya Menon', email: 'priya@e2e.example', password: DEMO_PASSWORD },
  profile: { name: 'Omar Haddad', email: 'omar@e2e.example', password: DEMO_PASSWORD },
  loan: { name: 'Joseph Mathew', email: 'joseph@e2e.example', password: DEMO_PASSWORD },
  dues: { name: 'Nadia Karim', email: 'nadia@e2e.example', password: DEMO_PASSWORD },
  session: { name: 'Sam Perera', email: 'sam@e2e.example', password: DEMO_PASSWORD },
  reset: { name: 'Leila Farouk', email: 'leila@e2e.example', password: DEMO_PASSWORD },
  statement: { name: 'Hassan Ali', email: 'hassan@e2e.example', password: DEMO_PASSWORD },
  notify: { name: 'Grace Thomas', email: 'grace@e2e.example', password: DEMO_PASSWORD },
  chat: { name: 'Anil Kumar', email: 'anil@e2e.example', password: DEMO_PASSWORD },
  recharge: { name: 'Ravi Shankar', email: 'ravi@e2e.example', password: DEMO_PASSWORD },
  bonus: { name: 'Mariam Yusuf', email: 'mariam@e2e.example', password: DEMO_PASSWORD },
  retry: { name: 'Deepa Pillai', email: 'deepa@e2e.example', password: DEMO_PASSWORD },
  partpay: { name: 'Sunita Rao', email: 'sunita@e2e.example', password: DEMO_PASSWORD },
  payAhead: { name: 'Hana Idris', email: 'hana@e2e.example', password: DEMO_PASSWORD },
  photo: { name: 'Farida Begum', email: 'farida@e2e.example', password: DEMO_PASSWORD },
  pwa: { name: 'Yusuf Rahman', email: 'yusuf@e2e.example', password: DEMO_PASSWORD },
  outbox: { name: 'Meera Nair', email: 'meera@e2e.example', password: DEMO_PASSWORD },
  taps: { name: 'Bilal Ahmed', email: 'bilal@e2e.example', password: DEMO_PASSWORD },
  firstSession: { name: 'Imran Sheikh', email: 'imran@e2e.example', password: DEMO_PASSWORD },
  lostAnswer: { name: 'Tariq Aziz', email: 'tariq@e2e.example', password: DEMO_PASSWORD },
  // One phone, several members (shared-phone.spec.ts): the first three leave a payment waiting.
  phoneEnded: { name: 'Salma Haque', email: 'salma@e2e.example', password: DEMO_PASSWORD },
  phoneKeeps: { name: 'Karim Mansour', email: 'karim@e2e.example', password: DEMO_PASSWORD },
  phoneDeletes: { name: 'Noura Saleh', email: 'noura@e2e.example', password: DEMO_PASSWORD },
  phoneNext: { name: 'Vikram Das', email: 'vikram@e2e.example', password: DEMO_PASSWORD },
  // A loan the treasurer and the chair take from application to closed (admin-loans.spec.ts).
  cashLoan: { name: 'Kamal Haidar', email: 'kamal@e2e.example', password: DEMO_PASSWORD },
  // The association's loan rules and guarantors (guarantors.spec.ts).
  arrears: { name: 'Zahra Hussain', email: 'zahra@e2e.example', password: DEMO_PASSWORD },
  borrowLimit: { name: 'Rania Khalil', email: 'rania@e2e.example', password: DEMO_PASSWORD },
  borrower: { name: 'Ibrahim Saeed', email: 'ibrahim@e2e.example', password: DEMO_PASSWORD },
  guarantorById: { name: 'Lakshmi Iyer', email: 'lakshmi@e2e.example', password: DEMO_PASSWORD },
  guarantorByName: { name: 'Samir Nasser', email: 'samir@e2e.example', password: DEMO_PASSWORD },
  // The dues calendar (dues-calendar.spec.ts): a payday and its reminder; a fine and a late salary.
  payday: { name: 'Anjali Verma', email: 'anjali@e2e.example', password: DEMO_PASSWORD },
  lateFine: { name: 'Rashid Khan', email: 'rashid@e2e.example', password: DEMO_PASSWORD },
  // Leaving the association, in Malayalam (leaving.spec.ts).
  leaver: { name: 'Sreeja Nair', email: 'sreeja@e2e.example', password: DEMO_PASSWORD },
} as const;

/**
 * The members above who must have a past in the association (the loan rules: 3 months a member,
 * no past month unpaid, up to 3 times their savings): joined `joinedMonthsAgo` months ago (on the
 * 1st) with the dues of the months `paidMonthsAgo` paid and approved, the monthly due each
 * (AED 200 in the demo). The others joined two months ago and have paid nothing.
 */
export const E2E_HISTORIES: Partial<
  Record<keyof typeof E2E_MEMBERS, { joinedMonthsAgo: number; paidMonthsAgo: number[] }>
> = {
  // AED 1,200 saved: may borrow up to AED 3,600, AED 1,200 of it with no guarantor.
  loan: { joinedMonthsAgo: 6, paidMonthsAgo: [6, 5, 4, 3, 2, 1] },
  cashLoan: { joinedMonthsAgo: 6, paidMonthsAgo: [6, 5, 4, 3, 2, 1] },
  borrowLimit: { joinedMonthsAgo: 6, paidMonthsAgo: [6, 5, 4, 3, 2, 1] },
  borrower: { joinedMonthsAgo: 6, paidMonthsAgo: [6, 5, 4, 3, 2, 1] },
  // A member long enough, with last month unpaid (AED 600 saved).
  arrears: { joinedMonthsAgo: 4, paidMonthsAgo: [4, 3, 2] },
  // Guarantors: AED 1,200 and AED 1,000 saved.
  guarantorById: { joinedMonthsAgo: 6, paidMonthsAgo: [6, 5, 4, 3, 2, 1] },
  guarantorByName: { joinedMonthsAgo: 5, paidMonthsAgo: [5, 4, 3, 2, 1] },
  // Paid all but last month, which prepare-db fines; this month falls due on his payday.
  lateFine: { joinedMonthsAgo: 3, paidMonthsAgo: [3, 2] },
  payday: { joinedMonthsAgo: 2, paidMonthsAgo: [2, 1] },
  // AED 800 saved, this month unpaid: leaves in Malayalam (leaving.spec.ts).
  leaver: { joinedMonthsAgo: 4, paidMonthsAgo: [4, 3, 2, 1] },
};

/**
 * A payday whose due falls this month within the reminder's 3 days from `today` (YYYY-MM-DD):
 * two days on, or the month's last day.
 */
export const paydayDueSoon = (today: string): number => {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return Math.min(day + 2, new Date(Date.UTC(year, month, 0)).getUTCDate());
};

/**
 * A payday whose reminder is not due on `today`, this month or next: the payday member's until
 * the spec sets one (with the association's due day, the 1st, the 29th to the 1st would remind
 * of next month's due before the spec begins, and the 1st of this month's).
 */
export const paydayFarOff = (today: string): number => {
  const day = Number(today.slice(8, 10));
  return day <= 18 ? day + 10 : day - 10;
};

/** A payday on or before `today` whose grace has not ended: this month is due and not yet fined. */
export const paydayInGrace = (today: string): number => Math.min(Number(today.slice(8, 10)), 28);
