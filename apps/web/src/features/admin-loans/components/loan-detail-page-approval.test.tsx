import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminPendingLoan, guarantorBody } from '../testing/fixtures.ts';
import { actions, posts, setup } from '../testing/loan-detail.tsx';

describe('a loan, for the committee', () => {
  it('pending: approves after a confirmation, with an optional note', async () => {
    const { requests, user } = setup(adminPendingLoan());
    const panel = await actions();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve loan #7?' });
    expect(dialog).toHaveTextContent(
      'Rahul Nair asks for AED 1,000 over 3 months, AED 1,070 in total.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('The loan was approved.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({ url: '/api/admin/loans/7/approve', body: {} }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Approved: the next step is the pay-out.
    expect(
      await within(panel).findByRole('button', { name: 'Record pay-out' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Approved', { selector: 'span' })).toBeInTheDocument();
  });

  it('pending: rejects only with a reason, which the member reads', async () => {
    const { requests, user } = setup(adminPendingLoan());
    await user.click(within(await actions()).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject loan #7?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    await user.type(
      within(dialog).getByLabelText('Reason the member reads'),
      'Two dues are unpaid.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The loan was rejected.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: '/api/admin/loans/7/reject',
        body: { reason: 'Two dues are unpaid.' },
      }),
    ]);
    expect(
      await screen.findByText('This application was rejected. Nothing is left to do.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: Two dues are unpaid.')).toBeInTheDocument();
  });

  it('pending: holds the approval, saying why, until the accepted guarantees cover what is needed', async () => {
    const { requests, user } = setup(
      adminPendingLoan({
        guarantee_needed: 600,
        guarantors: [
          guarantorBody({ amount: 400, held: 400 }),
          guarantorBody({ id: 4, amount: 200, state: 'asked', held: 0, answered_at: null }),
        ],
      }),
    );
    const panel = await actions();
    const approve = within(panel).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    const why =
      'Approval waits for the guarantors: accepted guarantees cover AED 400 of the AED 600 this loan needs.';
    // Said beside the button, and read with it (the amounts' spaces do not break).
    expect(approve).toHaveAccessibleDescription(within(panel).getByText(why).textContent!);
    await user.click(approve);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It may still be rejected.
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(posts(requests)).toEqual([]);
  });

  it("pending: approves once the guarantees cover it, and shows the server's refusal if they no longer do", async () => {
    const message =
      'The accepted guarantees cover AED 400 of the AED 600 this loan needs; it can be approved once they cover it all.';
    const covered = adminPendingLoan({
      guarantee_needed: 600,
      guarantors: [
        guarantorBody({ amount: 400, held: 400 }),
        guarantorBody({ id: 4, amount: 200, held: 200 }),
      ],
    });
    let calls = 0;
    const { user } = setup(covered, {
      // Meanwhile, one guarantee was cancelled.
      'GET /api/admin/loans/7': () => ({
        body:
          ++calls === 1
            ? covered
            : {
                ...covered,
                guarantors: [
                  covered.guarantors[0]!,
                  { ...covered.guarantors[1]!, state: 'cancelled' },
                ],
              },
      }),
      'POST /api/admin/loans/7/approve': () => ({
        status: 409,
        body: { status_code: 409, message },
      }),
    });
    const panel = await actions();
    expect(
      await screen.findByText('Accepted guarantees cover AED 600 of AED 600 needed.'),
    ).toBeInTheDocument();
    const approve = within(panel).getByRole('button', { name: 'Approve' });
    expect(approve).toBeEnabled();
    expect(approve).not.toHaveAccessibleDescription();
    await user.click(approve);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve loan #7?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Approve' })).toBeDisabled(),
    );
  });

  it("on a conflict, closes the dialog, shows the server's sentence and the loan as it is now", async () => {
    const message = 'This loan is no longer pending: someone else decided it.';
    let calls = 0;
    const { user } = setup(adminPendingLoan(), {
      'GET /api/admin/loans/7': () => ({
        body: ++calls === 1 ? adminPendingLoan() : adminPendingLoan({ state: 'rejected' }),
      }),
      'POST /api/admin/loans/7/approve': () => ({
        status: 409,
        body: { status_code: 409, message },
      }),
    });
    await user.click(within(await actions()).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve loan #7?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('This application was rejected. Nothing is left to do.'),
    ).toBeInTheDocument();
  });
});
