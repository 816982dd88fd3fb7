import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileBody } from '../../../testing/api-fixtures.ts';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { MemberLayout } from './member-layout.tsx';

// The member layout's update banner loads the service worker's helper after the page paints;
// loaded here first, a test that ends before then leaves no import running past the file's end.
await import('../../../lib/app-updates.ts');

const NOTICE = /Your membership ended on/;

function open(leftOn: string | null) {
  stubApi({
    'GET /api/notifications/unread-count': () => ({ body: { unread: 0 } }),
    'GET /api/profile': () => ({ body: profileBody(1, { left_on: leftOn }) }),
    'GET /api/my-account-data': () => ({ status: 500, body: { status_code: 500, message: 'x' } }),
  });
  renderWithProviders(<MemberLayout />, { path: '/user/*', at: '/user' });
}

describe('the read-only notice', () => {
  it('says on every member page that the membership ended and the account is read-only', async () => {
    open('2026-12-31');
    expect(
      await screen.findByText(
        'Your membership ended on 31 December 2026. Your account is read-only; your statements stay here.',
      ),
    ).toBeVisible();
  });

  it('is not there for a member', async () => {
    open(null);
    // The profile has come: the header shows the member.
    expect(
      await screen.findByRole('button', { name: 'Open the profile menu' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});
