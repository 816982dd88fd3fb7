import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BookYear, BookYears, YearCheckItem } from '@jamiya/contracts/year';
import { renderWithProviders, stubApi } from '../../../testing/render.tsx';
import { YearsPanel } from './years-panel.tsx';

type Handlers = Parameters<typeof stubApi>[0];

const treasurer = { id: 2, unique_id: 'ADM-1', name: 'Treasurer Fatima' };
const year = (y: number, over: Partial<BookYear> = {}): BookYear => ({
  year: y,
  first_month: `${y}-01`,
  last_month: `${y}-12`,
  state: 'open',
  closed_at: null,
  closed_by: null,
  proposed_by: null,
  closing_entry_id: null,
  surplus: null,
  arrears_reviewed_at: null,
  arrears_reviewed_by: null,
  checklist: null,
  closable: false,
  ...over,
});
const item = (check: YearCheckItem['check'], done: boolean, says: string, fixAt: string) => ({
  check,
  done,
  says,
  fix_at: fixAt,
});
const checklist = (arrearsDone: boolean): YearCheckItem[] => [
  item(
    'months_locked',
    false,
    '9 of 12 months locked: lock October 2025 next.',
    '/admin#overview-months',
  ),
  item('receipts', true, 'No receipt of the year waits for review.', '/admin/payments'),
  item('bank_lines', true, 'Every bank line of the year is linked or booked.', '/admin/bank'),
  item(
    'arrears_reviewed',
    arrearsDone,
    'Review who is behind at the year’s end.',
    '/admin/arrears',
  ),
  item('share_out', true, 'The year earned nothing to share out.', '/admin/bonus'),
];
const years = (items: BookYear[]): BookYears => ({ items, starts_in_month: 1 });

function setup(body: BookYears | null, handlers: Handlers = {}) {
  const requests = stubApi({
    'GET /api/admin/years': () =>
      body ? { body } : { status: 500, body: { status_code: 500, message: 'Down' } },
    ...handlers,
  });
  renderWithProviders(<YearsPanel />, { path: '/admin' });
  return { requests, user: userEvent.setup() };
}

const panel = () => screen.findByRole('region', { name: "The association's year" });

describe("the overview's years", () => {
  it('shows the next year’s checklist, each open item linked to where it is put right', async () => {
    const { requests, user } = setup(
      years([year(2026, { state: 'current' }), year(2025, { checklist: checklist(false) })]),
      {
        'POST /api/admin/years/2025/arrears-review': () => ({
          body: { message: 'The arrears were marked reviewed.', year: year(2025) },
        }),
      },
    );
    const region = await panel();
    expect(
      await within(region).findByRole('heading', {
        name: 'Next to close: 2025 (January 2025 – December 2025)',
      }),
    ).toBeVisible();
    expect(
      within(region).getByRole('link', { name: '9 of 12 months locked: lock October 2025 next.' }),
    ).toHaveAttribute('href', '/admin#overview-months');
    expect(
      within(region).getByRole('link', { name: 'Review who is behind at the year’s end.' }),
    ).toHaveAttribute('href', '/admin/arrears');
    // Met items are said, not linked, and the screen reader hears which are done.
    expect(within(region).queryByRole('link', { name: /No receipt/ })).toBeNull();
    expect(within(region).getAllByText('Done:')).toHaveLength(3);
    expect(within(region).getByRole('button', { name: 'Close 2025' })).toBeDisabled();

    await user.click(within(region).getByRole('button', { name: 'Mark the arrears reviewed' }));
    expect(await screen.findByText('The arrears were marked reviewed.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/admin/years/2025/arrears-review');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('closes a year whose checklist is met, after asking', async () => {
    let closed = false;
    const { requests, user } = setup(
      years([
        year(2025, {
          checklist: checklist(true).map((c) => ({ ...c, done: true })),
          closable: true,
        }),
      ]),
      {
        'POST /api/admin/years/2025/close': () => {
          closed = true;
          return {
            body: { message: 'The year was closed.', year: year(2025, { state: 'closed' }) },
          };
        },
      },
    );
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Close 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close 2025?' });
    expect(dialog).toHaveTextContent("moves its income and expenses to the members' surplus");
    expect(closed).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close 2025' }));
    expect(await screen.findByText('The year was closed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/admin/years')).toHaveLength(2),
    );
  });

  it('lists the years closed, and reopens the last with a reason', async () => {
    const closedYear = year(2024, {
      state: 'closed',
      closed_at: '2025-02-10T09:00:00Z',
      closed_by: treasurer,
      closing_entry_id: 91,
      surplus: 978.75,
    });
    const deficitYear = { ...closedYear, year: 2023, surplus: -12.5 };
    const { requests, user } = setup(
      years([year(2025, { state: 'current' }), closedYear, deficitYear]),
      {
        'POST /api/admin/years/2024/reopen': () => ({
          status: 202,
          body: {
            message: 'Proposed. A second admin must confirm the reopening of this year.',
            pending_confirmation: true,
            proposal: {
              id: 7,
              action: 'year.reopen',
              loan_id: null,
              member: null,
              amount: null,
              reason: null,
              details: { year: 2024, reason: 'The auditor found a missing invoice' },
              proposed_by: treasurer,
              proposed_at: '2026-11-29T09:00:00Z',
            },
          },
        }),
      },
    );
    const region = await panel();
    expect(
      await within(region).findByText(/2025 \(January 2025 – December 2025\) is the current year/),
    ).toBeVisible();
    expect(region).toHaveTextContent(
      /2024 · closed by Treasurer Fatima on 10 February 2025 · surplus AED\s978\.75/,
    );
    expect(region).toHaveTextContent(/2023 · closed by [^·]+ · deficit AED\s12\.50/);
    // Only the last closed year may be reopened.
    expect(within(region).queryByRole('button', { name: 'Reopen 2023' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Reopen 2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen 2024?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Why is the year reopened/ }),
      'The auditor found a missing invoice',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reopen 2024' }));
    expect(
      await screen.findByText('Proposed. A second admin must confirm the reopening of this year.'),
    ).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ reason: 'The auditor found a missing invoice' });
  });

  it("downloads a year's accountant's pack, a draft before the year is closed", async () => {
    const closedYear = year(2024, {
      state: 'closed',
      closed_at: '2025-02-10T09:00:00Z',
      closed_by: treasurer,
      surplus: 10,
    });
    const { requests, user } = setup(
      years([year(2025, { checklist: checklist(false) }), closedYear]),
      {
        'GET /api/admin/years/2024/pack': () => ({ body: 'PK' }),
        'GET /api/admin/years/2025/pack': () => ({ body: 'PK' }),
      },
    );
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:pack');
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: "Accountant's pack (draft)" }),
    );
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('jamiya-2025-accounts-DRAFT.zip');
    await user.click(within(region).getByRole('button', { name: "Accountant's pack" }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(clicks[1]!.download).toBe('jamiya-2024-accounts.zip');
    expect(requests.filter((r) => r.url.endsWith('/pack')).map((r) => r.url)).toEqual([
      '/api/admin/years/2025/pack',
      '/api/admin/years/2024/pack',
    ]);
  });

  it("downloads a year's annual report as a PDF or a web page, a draft before the close", async () => {
    const { requests, user } = setup(years([year(2025, { checklist: checklist(false) })]), {
      'GET /api/admin/years/2025/report': () => ({ body: 'x' }),
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: 'Annual report (PDF), draft' }),
    );
    await user.click(
      within(region).getByRole('button', { name: 'Annual report (web page), draft' }),
    );
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(clicks.map((c) => c.download)).toEqual([
      'annual-report-2025-DRAFT.pdf',
      'annual-report-2025-DRAFT.html',
    ]);
    expect(requests.filter((r) => r.url.includes('/report')).map((r) => r.url)).toEqual([
      '/api/admin/years/2025/report?format=pdf',
      '/api/admin/years/2025/report?format=html',
    ]);
  });

  it('offers to try again when the years cannot be read', async () => {
    setup(null);
    expect(await within(await panel()).findByRole('button', { name: /try again/i })).toBeVisible();
  });
});
