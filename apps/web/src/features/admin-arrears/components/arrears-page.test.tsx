import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPage } from '../../../testing/render.tsx';
import { arrearsBody } from '../../../testing/admin-fixtures.ts';
import { ArrearsPage } from './arrears-page.tsx';

type Answer = (request: { url: string }) => { status?: number; body: unknown };

const setup = (answer: Answer = () => ({ body: arrearsBody() })) =>
  setupPage(
    <ArrearsPage />,
    { 'GET /api/admin/arrears': (request) => answer(request) },
    { path: '/admin/arrears', routes: { '/admin/members/:id': 'MEMBER PAGE' } },
  );

const cards = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    // Amounts keep a no-break space after AED.
    .map((li) => li.textContent?.replace(/\s+/g, ' '));

describe('the arrears page', () => {
  it('shows the loans at risk and the dues behind by age', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Arrears' })).toBeInTheDocument();
    const loans = await screen.findByRole('region', { name: 'Loans at risk' });
    expect(cards(loans)).toEqual([
      'PAR304.2%AED 2,016 of AED 48,000 outstanding is on loans more than 30 days late',
      'PAR901.0%AED 480 of AED 48,000 outstanding is on loans more than 90 days late',
    ]);
    const dues = screen.getByRole('region', { name: 'Dues in arrears' });
    expect(cards(dues)).toEqual([
      '1 month behindAED 6003 members',
      '2 months behindAED 4001 member',
      '3 months or more behindAED 1,2501 member',
    ]);
    expect(screen.getByText('Figures as of 3 December 2026.')).toBeInTheDocument();
  });

  it('lists who to call, the longest behind first, each leading to the member', async () => {
    const { user } = setup();
    const list = await screen.findByRole('list', { name: 'Who to call' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Amina Rahman',
      'Rahul Nair',
    ]);
    const [amina, rahul] = items as [HTMLElement, HTMLElement];
    expect(amina).toHaveTextContent('JM000002');
    expect(amina).toHaveTextContent('Dues owedAED 1,2505 months behind');
    expect(amina).toHaveTextContent('Loan overdue—');
    expect(amina).toHaveTextContent('Total owedAED 1,250');
    expect(amina).toHaveTextContent('Oldest due5 July 2026');
    expect(amina).toHaveTextContent('Never reminded');
    expect(rahul).toHaveTextContent('JM000003');
    expect(rahul).toHaveTextContent('Dues owedAED 4002 months behind');
    expect(rahul).toHaveTextContent('Loan overdueAED 356.67');
    expect(rahul).toHaveTextContent('Total owedAED 756.67');
    expect(rahul).toHaveTextContent('Oldest due5 October 2026');
    // 06:30 UTC is 10:30 in Dubai.
    expect(rahul).toHaveTextContent('Last reminder 28 November 2026 at 10:30 AM');

    await user.click(within(rahul).getByRole('link', { name: 'Rahul Nair' }));
    expect(await screen.findByText('MEMBER PAGE')).toBeInTheDocument();
  });

  it('calls or writes on WhatsApp from the list, or says there is no mobile number', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Who to call' });
    const [amina, rahul] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];

    const call = within(rahul).getByRole('link', { name: 'Call' });
    expect(call).toHaveAttribute('href', 'tel:+971507654321');
    expect(call).toHaveAccessibleDescription('Rahul Nair');
    const whatsApp = within(rahul).getByRole('link', { name: 'WhatsApp' });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/971507654321?text=${encodeURIComponent('Dear Rahul Nair, a reminder of AED 756.67 due to the association.')}`,
    );
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');

    expect(amina).toHaveTextContent('No mobile number');
    expect(
      within(amina)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Amina Rahman']);
    expect(rahul).not.toHaveTextContent('No mobile number');
  });

  it('says beside the link when the member changed their name or mobile lately', async () => {
    const body = arrearsBody();
    body.members[1] = { ...body.members[1]!, contact_changed_at: '2026-11-30T06:30:00.000Z' };
    setup(() => ({ body }));
    const list = await screen.findByRole('list', { name: 'Who to call' });
    const [amina, rahul] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(rahul).toHaveTextContent(
      'The member changed their name or mobile on 30 November 2026 at 10:30 AM: make sure the number is theirs before you write.',
    );
    expect(amina).not.toHaveTextContent('changed their name or mobile');
  });

  it('lists 50 at a time, and 50 more when asked, keeping the list on the screen meanwhile', async () => {
    const one = arrearsBody().members[1]!;
    const behind = Array.from({ length: 120 }, (_, i) => ({
      ...one,
      member: { ...one.member, id: 100 + i, name: `Member ${i + 1}` },
    }));
    const { user, requests } = setup((request) => {
      const limit = Number(new URL(request.url, 'http://localhost').searchParams.get('limit'));
      return { body: arrearsBody({ members: behind.slice(0, limit), members_total: 120 }) };
    });
    const list = await screen.findByRole('list', { name: 'Who to call' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 120 members behind.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(120));
    expect(screen.getByText('Showing 120 of 120 members behind.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show 50 more' })).not.toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/admin/arrears?limit=50',
      '/api/admin/arrears?limit=100',
      '/api/admin/arrears?limit=150',
    ]);
  });

  it('says so when no one is behind', async () => {
    setup(() => ({
      body: arrearsBody({
        loans: { outstanding: 0, at_risk_30: 0, at_risk_90: 0, par30: 0, par90: 0 },
        dues: { buckets: [] },
        members: [],
      }),
    }));
    expect(await screen.findByText('No one is behind.')).toBeInTheDocument();
    expect(
      screen.getByText('Every member is up to date with dues and installments.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Who to call' })).not.toBeInTheDocument();
    expect(cards(screen.getByRole('region', { name: 'Loans at risk' }))).toEqual([
      'PAR300.0%No loans outstanding.',
      'PAR900.0%No loans outstanding.',
    ]);
    expect(cards(screen.getByRole('region', { name: 'Dues in arrears' }))).toEqual([
      '1 month behindAED 0No members',
      '2 months behindAED 0No members',
      '3 months or more behindAED 0No members',
    ]);
  });

  it('shows the error with a retry when the arrears cannot be loaded', async () => {
    let calls = 0;
    const { user } = setup(() =>
      ++calls === 1
        ? { status: 500, body: { status_code: 500, message: 'Something failed on our side.' } }
        : { body: arrearsBody() },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something failed on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Who to call' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
