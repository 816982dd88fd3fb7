import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanEligibility } from '@jamiya/contracts/guarantees';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import {
  loansBody,
  pendingLoan,
  profileBody,
  settingsBody,
} from '../../../testing/api-fixtures.ts';
import { ApplyLoanPage } from '../components/apply-loan-page.tsx';

// The Apply a Loan page of the component tests, on a stand-in server (testing/render.tsx).

export const SUCCESS =
  'Your loan application was received. The committee reviews it within 2-3 business days.';

/** GET /api/my-loans/eligibility: by default, a member who may borrow up to the policy's maximum. */
export const eligibilityBody = (overrides: Partial<LoanEligibility> = {}): LoanEligibility => ({
  eligible: true,
  max_amount: 5000,
  savings: 2000,
  free_savings: 2000,
  reasons: [],
  ...overrides,
});

/** GET /api/guarantors: the members who agreed to be found, by name or ID. */
const FINDABLE = [
  { member_id: 'JM000123', name: 'Amina Yusuf' },
  { member_id: 'JM000456', name: 'Amir Khan' },
  { member_id: 'JM000789', name: 'Joseph Mathew' },
];

type Handler = Parameters<typeof stubApi>[0][string];

export function setup({
  policy = {},
  loans = loansBody(),
  status = 1,
  eligibility = eligibilityBody(),
  apply = () => ({ body: { status_code: 200, message: SUCCESS, loan: pendingLoan() } }),
}: {
  policy?: Partial<PublicSettings['loan_policy']>;
  loans?: ReturnType<typeof loansBody>;
  status?: 0 | 1;
  eligibility?: LoanEligibility;
  apply?: Handler;
} = {}) {
  const requests = stubApi({
    'GET /api/settings': () => ({ body: settingsBody(policy) }),
    'GET /api/profile': () => ({ body: profileBody(status) }),
    'GET /api/my-loans': () => ({ body: loans }),
    'GET /api/my-loans/eligibility': () => ({ body: eligibility }),
    'GET /api/guarantors': (req) => {
      const q = (new URL(req.url, 'http://localhost').searchParams.get('q') ?? '').toLowerCase();
      return {
        body: {
          items: FINDABLE.filter(
            (m) => m.name.toLowerCase().includes(q) || m.member_id.toLowerCase().startsWith(q),
          ),
        },
      };
    },
    'POST /api/loan-application': apply,
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<ApplyLoanPage />, { path: '/user/apply-loan' });
  return { requests, user, ...view };
}

// Intl puts a no-break space between the currency code and the number; accessible names keep it.
export const nb = (text: string) => text.replace(/AED /g, 'AED\u00a0');
export const amount = () => screen.getByRole('status', { name: 'Loan amount' });
export const plus = () =>
  screen.getByRole('button', { name: nb('Increase the amount by AED 100') });
export const minus = () =>
  screen.getByRole('button', { name: nb('Decrease the amount by AED 100') });
export const estimate = () => screen.getByRole('region', { name: 'Your estimate' });
export const posts = (requests: ReturnType<typeof stubApi>) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/loan-application');
