import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../testing/render.tsx';
import { chairProfileBody, proposalBody } from '../../../testing/proposal-fixtures.ts';
import { adminActiveLoan, guarantorBody } from '../testing/fixtures.ts';
import { actions, posts, setup } from '../testing/loan-detail.tsx';

/** Loan #1 written off, as the toast and the one request sent say. */
async function writtenOff(requests: StubRequest[], recoverFromGuarantors: boolean) {
  expect(await screen.findByText('The loan was written off.')).toBeInTheDocument();
  expect(posts(requests)).toEqual([
    expect.objectContaining({
      url: '/api/admin/loans/1/write-off',
      body: { reason: 'The member left the UAE.', recover_from_guarantors: recoverFromGuarantors },
    }),
  ]);
}

describe('a loan, for the committee', () => {
  it('active: writes off only with a reason', async () => {
    const { requests, user } = setup(adminActiveLoan());
    await user.click(within(await actions()).getByRole('button', { name: 'Write off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    expect(dialog).toHaveTextContent('AED 1,426.66 is still owed.');
    // No guarantee holds anything: nothing to recover, nothing to choose.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Write off the loan' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'The member left the UAE.');
    await user.click(within(dialog).getByRole('button', { name: 'Write off the loan' }));
    await writtenOff(requests, false);
  });

  it("active: a write-off may recover the loss from the guarantors' held savings", async () => {
    const { requests, user } = setup(
      adminActiveLoan({
        guarantee_needed: 800,
        guarantors: [
          guarantorBody({ amount: 500, held: 500 }),
          guarantorBody({ id: 4, amount: 300, held: 300 }),
        ],
      }),
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Write off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    const recover = within(dialog).getByRole('checkbox', {
      name: "Recover the loss from the guarantors' held savings",
    });
    expect(recover).not.toBeChecked();
    expect(recover).toHaveAccessibleDescription(
      within(dialog).getByText(
        "Each guarantor bears a share of the loss in proportion to what their guarantee holds (AED 800 in all); what that does not cover stays the association's loss.",
      ).textContent!,
    );
    await user.click(recover);
    expect(recover).toBeChecked();
    await user.type(within(dialog).getByLabelText('Reason'), 'The member left the UAE.');
    await user.click(within(dialog).getByRole('button', { name: 'Write off the loan' }));
    await writtenOff(requests, true);
  });

  it('active: no choice to recover when the guarantees hold nothing', async () => {
    const { user } = setup(
      adminActiveLoan({
        guarantee_needed: 800,
        guarantors: [guarantorBody({ state: 'declined', held: 0 })],
      }),
    );
    await user.click(within(await actions()).getByRole('button', { name: 'Write off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("another admin confirms a write-off with the proposal's choice to recover from the guarantors", async () => {
    const proposal = proposalBody({
      action: 'loan.write_off',
      loan_id: 1,
      amount: 1426.66,
      reason: 'The member left the UAE.',
      details: { recover_from_guarantors: true },
    });
    const { requests, user } = setup(
      adminActiveLoan({ guarantee_needed: 600, guarantors: [guarantorBody()] }),
      {
        'GET /api/profile': () => ({ body: chairProfileBody() }),
        'GET /api/admin/proposals': () => ({ body: { items: [proposal] } }),
      },
    );
    const waiting = within(await actions()).getByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent(
      "Write off the AED 1,426.66 still owed, and recover the loss from the guarantors' held savings.",
    );
    await user.click(within(waiting).getByRole('button', { name: 'Confirm write-off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    const recover = within(dialog).getByRole('checkbox', {
      name: "Recover the loss from the guarantors' held savings",
    });
    // Confirmed as proposed.
    expect(recover).toBeChecked();
    expect(recover).toBeDisabled();
    expect(recover).toHaveAccessibleDescription(
      'As proposed: confirm it, or withdraw the proposal to choose otherwise.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm write-off' }));
    await writtenOff(requests, true);
  });

  it("a write-off proposal shows its reason; the confirming admin's form starts with it", async () => {
    const proposal = proposalBody({
      action: 'loan.write_off',
      loan_id: 1,
      amount: 1426.66,
      reason: 'The member left the UAE.',
    });
    const { requests, user } = setup(adminActiveLoan(), {
      'GET /api/profile': () => ({ body: chairProfileBody() }),
      'GET /api/admin/proposals': () => ({ body: { items: [proposal] } }),
    });
    const panel = await actions();
    const waiting = within(panel).getByRole('region', {
      name: 'Proposed: waiting for a second admin',
    });
    expect(waiting).toHaveTextContent('Write off the AED 1,426.66 still owed.');
    expect(waiting).toHaveTextContent('Reason: The member left the UAE.');
    // The write-off is proposed already: only the repayment and the confirmation are offered.
    expect(within(panel).queryByRole('button', { name: 'Write off' })).not.toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: 'Confirm write-off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #1?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('The member left the UAE.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm write-off' }));
    await writtenOff(requests, false);
  });
});
