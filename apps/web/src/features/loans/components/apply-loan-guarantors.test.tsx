import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SUCCESS,
  amount,
  eligibilityBody,
  minus,
  plus,
  posts,
  setup,
} from '../testing/apply-loan.tsx';

describe('the guarantors', () => {
  const guarantors = () => screen.getByRole('region', { name: 'Guarantors' });
  const row = (n: number) => within(guarantors()).getByRole('group', { name: `Guarantor ${n}` });
  const fillTheRest = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Bank account or Botim number'), 'Botim 0551234567');
    await user.type(screen.getByLabelText('Passport or ID number'), 'N7654321');
  };

  it('are asked for only once the amount is above the free savings, for the part above them', async () => {
    const { user } = setup({ eligibility: eligibilityBody({ free_savings: 1200.5 }) });
    expect(
      await screen.findByText('Up to AED 1,200.50, your free savings, you need no guarantor.'),
    ).toBeInTheDocument();
    await user.click(plus());
    await user.click(plus());
    expect(amount()).toHaveTextContent('AED 1,200');
    expect(screen.queryByRole('region', { name: 'Guarantors' })).not.toBeInTheDocument();

    await user.click(plus());
    // Its code comes when it is first needed, if it has not come already.
    expect(await screen.findByRole('region', { name: 'Guarantors' })).toHaveTextContent(
      'AED 99.50 of this loan is above your free savings (AED 1,200.50)',
    );
    expect(guarantors()).toHaveTextContent('Your guarantors cover AED 0 of AED 99.50.');
    await user.click(minus());
    expect(screen.queryByRole('region', { name: 'Guarantors' })).not.toBeInTheDocument();
  });

  it('sends them as one field of JSON, with a guarantor found by name and one typed by ID', async () => {
    const { user, requests } = setup({ eligibility: eligibilityBody({ free_savings: 700 }) });
    await screen.findByRole('region', { name: 'Guarantors' });
    expect(guarantors()).toHaveTextContent('AED 300 of this loan');

    await user.type(within(row(1)).getByLabelText('Member ID or name'), 'amin');
    const found = await within(row(1)).findByRole('list', { name: 'Members found' });
    expect(
      within(found)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Amina YusufJM000123']);
    expect(requests.some((r) => r.url === '/api/guarantors?q=amin')).toBe(true);
    await user.click(within(found).getByRole('button', { name: /Amina Yusuf/ }));
    expect(within(row(1)).getByLabelText('Member ID or name')).toHaveValue('JM000123');
    expect(within(row(1)).getByLabelText('Amount they guarantee (AED)')).toHaveFocus();
    expect(
      await within(row(1)).findByText('Amina Yusuf will be asked in the app to accept.'),
    ).toBeInTheDocument();
    await user.type(within(row(1)).getByLabelText('Amount they guarantee (AED)'), '120.50');

    await user.click(screen.getByRole('button', { name: 'Add a guarantor' }));
    expect(within(row(2)).getByLabelText('Member ID or name')).toHaveFocus();
    await user.type(within(row(2)).getByLabelText('Member ID or name'), ' jm000999');
    await user.type(within(row(2)).getByLabelText('Amount they guarantee (AED)'), '179.5');
    expect(guarantors()).toHaveTextContent('Your guarantors cover AED 300 of AED 300.');

    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    await screen.findByText(SUCCESS);
    const body = Object.fromEntries((posts(requests)[0]!.body as FormData).entries());
    expect(body).toMatchObject({ loan_amount: '1000' });
    expect(JSON.parse(body.guarantors as string)).toEqual([
      { member_id: 'JM000123', amount: '120.50' },
      { member_id: 'JM000999', amount: '179.50' },
    ]);
    // The form starts again with one empty guarantor.
    await waitFor(() => expect(within(guarantors()).getAllByRole('group')).toHaveLength(1));
    expect(within(row(1)).getByLabelText('Member ID or name')).toHaveValue('');
  });

  it('sends no guarantors when the free savings cover the loan', async () => {
    const { user, requests } = setup();
    await screen.findByRole('status', { name: 'Loan amount' });
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    await screen.findByText(SUCCESS);
    expect((posts(requests)[0]!.body as FormData).has('guarantors')).toBe(false);
  });

  it('must cover the whole part above the savings: nothing is sent before', async () => {
    const { user, requests } = setup({ eligibility: eligibilityBody({ free_savings: 800 }) });
    await screen.findByRole('region', { name: 'Guarantors' });
    await user.type(within(row(1)).getByLabelText('Member ID or name'), 'JM12');
    await user.type(within(row(1)).getByLabelText('Amount they guarantee (AED)'), '150');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));

    expect(
      await screen.findByText(
        'Together your guarantors must cover AED 200; now they cover AED 150.',
      ),
    ).toBeInTheDocument();
    expect(
      within(row(1)).getByText(
        "Enter the guarantor's member ID, like JM000123, or choose them from the members found.",
      ),
    ).toBeInTheDocument();
    expect(within(row(1)).getByLabelText('Member ID or name')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(requests)).toHaveLength(0);

    // Checked again as they are put right.
    await user.type(within(row(1)).getByLabelText('Member ID or name'), '3456');
    await user.type(within(row(1)).getByLabelText('Amount they guarantee (AED)'), '.5');
    await user.click(screen.getByRole('button', { name: 'Add a guarantor' }));
    await user.type(within(row(2)).getByLabelText('Member ID or name'), 'JM000456');
    await user.type(within(row(2)).getByLabelText('Amount they guarantee (AED)'), '49.5');
    await waitFor(() =>
      expect(screen.queryByText(/Together your guarantors must cover/)).not.toBeInTheDocument(),
    );
    expect(within(row(1)).getByLabelText('Member ID or name')).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });

  it('takes up to 5, each of which can be removed while another stays', async () => {
    const { user } = setup({ eligibility: eligibilityBody({ free_savings: 0 }) });
    await screen.findByRole('region', { name: 'Guarantors' });
    expect(within(row(1)).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add a guarantor' });
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(within(guarantors()).getAllByRole('group')).toHaveLength(5);
    expect(add).toBeDisabled();
    expect(screen.getByText('You can name at most 5 guarantors.')).toBeInTheDocument();

    await user.type(within(row(3)).getByLabelText('Member ID or name'), 'JM000789');
    await user.click(within(row(2)).getByRole('button', { name: 'Remove guarantor 2' }));
    expect(within(guarantors()).getAllByRole('group')).toHaveLength(4);
    // What was the third is now the second.
    expect(within(row(2)).getByLabelText('Member ID or name')).toHaveValue('JM000789');
    expect(add).toBeEnabled();
    expect(add).toHaveFocus();
  });

  it("shows the server's answer on the guarantor it is about, and one about them all above them", async () => {
    const { user } = setup({
      eligibility: eligibilityBody({ free_savings: 800 }),
      apply: () => ({
        status: 422,
        body: {
          status_code: 422,
          message: 'Check your guarantors.',
          errors: {
            'guarantors.0.member_id': ['JM000999 cannot stand guarantor: they are not active.'],
            guarantors: ['Your guarantors must cover AED 200 together.'],
          },
        },
      }),
    });
    await screen.findByRole('region', { name: 'Guarantors' });
    await user.type(within(row(1)).getByLabelText('Member ID or name'), 'JM000999');
    await user.type(within(row(1)).getByLabelText('Amount they guarantee (AED)'), '200');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Apply for the loan' }));

    expect(await screen.findByText('Check your guarantors.')).toBeInTheDocument();
    expect(
      within(row(1)).getByText('JM000999 cannot stand guarantor: they are not active.'),
    ).toBeInTheDocument();
    expect(within(row(1)).getByLabelText('Member ID or name')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(guarantors()).getByText('Your guarantors must cover AED 200 together.'),
    ).toBeInTheDocument();
  });
});
