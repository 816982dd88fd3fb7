import { setupPage, type StubRequest } from '../../../testing/render.tsx';
import { AdminSettingsPage } from '../components/settings-page.tsx';
import { settingsBody } from './fixtures.ts';

/**
 * /admin/settings on a server that saves what it is sent (its rate, 7 %, kept) and dates the
 * save; `handlers` answer otherwise.
 */
export function setupSettingsPage(handlers: Parameters<typeof setupPage>[1] = {}) {
  const { requests, user } = setupPage(
    <AdminSettingsPage />,
    {
      'GET /api/admin/settings': () => ({ body: settingsBody() }),
      'PUT /api/admin/settings': (req) => {
        const body = req.body as ReturnType<typeof settingsBody>;
        return {
          body: {
            message: 'The settings were saved.',
            settings: settingsBody({
              ...body,
              loan_policy: { ...body.loan_policy, interest_rate_percent: 7 },
              updated_at: '2026-12-01T08:00:00.000Z',
            }),
          },
        };
      },
      ...handlers,
    },
    { path: '/admin/settings' },
  );
  return { requests, user };
}

export const puts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'PUT');
