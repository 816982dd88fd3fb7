import type { Page } from '@playwright/test';
import { parseAed } from '../../packages/money/src/fils.ts';
import { filsToDecimalString } from '../../packages/money/src/format.ts';
import { loanFigures, loanSchedule } from '../../packages/money/src/loan.ts';
import { filsText } from '../support/figures.ts';
import { apiAs, DESKTOP, expect, PHONE, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, E2E_MEMBERS } from '../support/members.ts';

// kamal joined six months ago and has paid every due since (AED 1,200 saved, so he may borrow
// AED 1,200 with no guarantor), and has no loan. He applies; the treasurer approves it and
// proposes the pay-out, which the chair confirms (two active admins: money leaving the fund
// needs both, docs/domain/maker-checker.md); the treasurer then takes every installment in cash
// until the loan closes. kamal's My Loan follows each step. The two tests run in order, on one
// loan.
const MEMBER = E2E_MEMBERS.cashLoan;
const AMOUNT_FILS = parseAed(1200);
const TERM = 3;
const WAITING = 'Proposed: waiting for a second admin';

type Loan = { id: number; state: string };

async function applyForLoan(page: Page): Promise<Loan> {
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const res = await page.request.post('/api/loan-application', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      loan_type: 'personal',
      loan_amount: '1200',
      duration_month: String(TERM),
      bank_account: 'Botim 0557654321',
      passport_or_nid: 'P7654321',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { loan: Loan }).loan;
}

async function expectMyLoan(page: Page, loanId: number, state: string) {
  await page.goto('/user/my-loan');
  const card = page.getByRole('region', { name: new RegExp(`Loan #${loanId}$`) });
  await expect(card.getByText(state, { exact: true })).toBeVisible();
  return card;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

const toastOn = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.describe.serial('a loan from application to closed', () => {
  let loan: Loan;

  test('a disbursement proposed by the treasurer and confirmed by the chair', async ({
    page: admin,
    openAs,
  }) => {
    const member = await openAs(MEMBER.email);
    loan = await applyForLoan(member);
    await expectMyLoan(member, loan.id, 'Under review');
    const { loan_policy: policy } = (await apiAs(member, '/api/settings')) as {
      loan_policy: { interest_rate_percent: number };
    };
    const interestPermille = Math.round(policy.interest_rate_percent * 10);
    const figures = loanFigures({ amountFils: AMOUNT_FILS, termMonths: TERM, interestPermille });

    await signIn(admin, DEMO_ADMIN);
    await admin.goto('/admin');
    await admin
      .getByRole('navigation', { name: 'Admin area' })
      .getByRole('link', { name: 'Loans' })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
    await admin.getByLabel('State').selectOption('pending');
    await expect(admin).toHaveURL(/\/admin\/loans\?state=pending$/);
    const row = admin
      .getByRole('table', { name: 'Loans: Pending' })
      .getByRole('row')
      .filter({ hasText: `Loan #${loan.id}` });
    await expect(row).toContainText(MEMBER.name);
    await expect(row).toContainText(filsText(figures.totalFils));
    await row.getByRole('link', { name: `Loan #${loan.id}` }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/loans/${loan.id}$`));
    await expect(admin.getByRole('heading', { level: 1, name: `Loan #${loan.id}` })).toBeVisible();

    const actions = admin.getByRole('region', { name: 'Actions' });

    // Approve, after a confirmation: no money moves, one admin decides.
    await actions.getByRole('button', { name: 'Approve' }).click();
    const approve = admin.getByRole('dialog', { name: `Approve loan #${loan.id}?` });
    await expect(approve).toContainText(
      `${MEMBER.name} asks for ${filsText(AMOUNT_FILS)} over 3 months, ${filsText(figures.totalFils)} in total.`,
    );
    await approve.getByLabel('Note (optional)').fill('Dues paid regularly.');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(toastOn(admin, 'The loan was approved.')).toBeVisible();
    await expect(approve).toBeHidden();
    await expect(admin.getByText('Approved', { exact: true })).toBeVisible();
    await expect(admin.getByText('Reason: Dues paid regularly.')).toBeVisible();
    await expectMyLoan(member, loan.id, 'Approved');

    // The treasurer proposes the pay-out: the dialog shows the cash in hand and what is left.
    const overview = (await apiAs(admin, '/api/admin/overview')) as {
      cash_in_hand: number;
      active_admins: number;
    };
    expect(overview.active_admins).toBeGreaterThanOrEqual(2);
    const cashFils = parseAed(overview.cash_in_hand);
    expect(cashFils, 'the demo cash covers the loan').toBeGreaterThanOrEqual(AMOUNT_FILS);
    // Two admins: the money goes after the second one confirms, and the page says so.
    await expect(actions).toContainText(
      'send the money to the member only after that confirmation',
    );
    await actions.getByRole('button', { name: 'Propose pay-out' }).click();
    const payOut = admin.getByRole('dialog', { name: `Pay out loan #${loan.id}?` });
    await expect(payOut).toContainText('Botim 0557654321');
    await expect(payOut).toContainText(`Cash in hand${filsText(cashFils)}`);
    await expect(payOut).toContainText(
      `Left after this pay-out${filsText(cashFils - AMOUNT_FILS)}`,
    );
    await expect(payOut).toContainText(
      'Do not send the money yet: send it only once a second admin has confirmed the pay-out.',
    );
    await expect(admin).toHaveNoAxeViolations();
    await payOut.getByRole('button', { name: 'Propose pay-out' }).click();
    await expect(toastOn(admin, `${WAITING}.`)).toBeVisible();
    await expect(payOut).toBeHidden();
    const proposed = actions.getByRole('region', { name: WAITING });
    await expect(proposed).toContainText('Proposed by Fatima Al Mansoori on');
    await expect(proposed).toContainText(
      `Pay out ${filsText(AMOUNT_FILS)} to ${MEMBER.name}. The money is sent only once a second admin has confirmed.`,
    );
    await expect(proposed).toContainText('You proposed this, so you cannot confirm it');
    await expect(actions.getByRole('button', { name: 'Confirm payout' })).toHaveCount(0);
    // Nothing moved: still approved, no schedule, for the committee and for the member.
    await expect(admin.getByText('Approved', { exact: true })).toBeVisible();
    await expect(
      admin.getByRole('table', { name: `Installments of loan #${loan.id}` }),
    ).toHaveCount(0);
    expect(((await apiAs(admin, `/api/admin/loans/${loan.id}`)) as Loan).state).toBe('approved');
    await expect(admin).toHaveNoAxeViolations();
    await expectMyLoan(member, loan.id, 'Approved');

    // In between, the overview lists it as waiting for a second admin.
    await admin.goto('/admin');
    const waiting = admin.getByRole('region', { name: 'Waiting for a second admin' });
    const item = waiting.getByRole('listitem').filter({ hasText: `Loan #${loan.id}` });
    await expect(item).toContainText('Loan pay-out');
    await expect(item).toContainText(MEMBER.name);
    await expect(item).toContainText(filsText(AMOUNT_FILS));
    await expect(item).toContainText('Proposed by Fatima Al Mansoori on');
    await expect(item.getByRole('link', { name: `Open loan #${loan.id}` })).toHaveAttribute(
      'href',
      `/admin/loans/${loan.id}`,
    );
    await expect(item.getByRole('button', { name: 'Withdraw' })).toBeVisible();

    // The chair, on a phone, sees who proposed it and confirms it: now the money moves.
    const chair = await openAs(DEMO_CHAIR, PHONE);
    await chair.goto(`/admin/loans/${loan.id}`);
    const chairActions = chair.getByRole('region', { name: 'Actions' });
    const toConfirm = chairActions.getByRole('region', { name: WAITING });
    await expect(toConfirm).toContainText('Proposed by Fatima Al Mansoori on');
    await expect(toConfirm).not.toContainText('You proposed this');
    await expectNoSidewaysScroll(chair);
    await expect(chair).toHaveNoAxeViolations();
    await toConfirm.getByRole('button', { name: 'Confirm payout' }).click();
    const confirm = chair.getByRole('dialog', { name: `Pay out loan #${loan.id}?` });
    await expect(confirm).toContainText('Proposed by Fatima Al Mansoori on');
    await expect(confirm).toContainText('Cash in hand');
    await expect(confirm).toContainText('The money is sent after this confirmation, not before.');
    await confirm.getByRole('button', { name: 'Confirm payout' }).click();
    await expect(toastOn(chair, 'The loan was paid out.')).toBeVisible();
    await expect(
      chair.getByRole('table', { name: `Installments of loan #${loan.id}` }).getByRole('row'),
    ).toHaveCount(TERM + 1);
    expect(((await apiAs(chair, `/api/admin/loans/${loan.id}`)) as Loan).state).toBe('active');

    // The treasurer's overview no longer lists it; the member's loan is active.
    await admin.reload();
    await expect(
      admin
        .getByRole('region', { name: 'Waiting for a second admin' })
        .getByRole('listitem')
        .filter({ hasText: `Loan #${loan.id}` }),
    ).toHaveCount(0);
    const card = await expectMyLoan(member, loan.id, 'Active');
    await expect(card.getByRole('progressbar', { name: 'Repayment' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );

    // The audit log names both: the proposer made it, the chair confirmed it.
    const audit = (await apiAs(admin, '/api/admin/audit?action=proposal.')) as {
      items: Array<{ action: string; actor: { name: string } | null; details: unknown }>;
    };
    expect(audit.items.find((e) => e.action === 'proposal.make')?.actor?.name).toBe(
      'Fatima Al Mansoori',
    );
    expect(audit.items.find((e) => e.action === 'proposal.confirm')).toMatchObject({
      actor: { name: 'Yusuf Khan' },
      details: { proposedBy: 'Fatima Al Mansoori', confirmedBy: 'Yusuf Khan' },
    });
  });

  test('the treasurer and the chair take the paid-out loan to closed in cash, one proposing, the other confirming; the member sees each state', async ({
    page: admin,
    openAs,
  }) => {
    expect(loan, 'the loan of the test before').toBeDefined();
    const member = await openAs(MEMBER.email);
    const { loan_policy: policy } = (await apiAs(member, '/api/settings')) as {
      loan_policy: { interest_rate_percent: number };
    };
    const interestPermille = Math.round(policy.interest_rate_percent * 10);
    const schedule = loanSchedule({ amountFils: AMOUNT_FILS, termMonths: TERM, interestPermille });

    await signIn(admin, DEMO_ADMIN);
    const chair = await openAs(DEMO_CHAIR);
    for (const who of [admin, chair]) await who.goto(`/admin/loans/${loan.id}`);
    const installments = admin.getByRole('table', { name: `Installments of loan #${loan.id}` });
    await expect(installments.getByRole('row')).toHaveCount(TERM + 1);

    // Every installment in cash: with no receipt, one admin proposes and the other confirms the
    // same amount (docs/domain/maker-checker.md); the dialog offers the next installment.
    await expect(admin).toHaveNoAxeViolations();
    for (const [index, installment] of schedule.entries()) {
      const [proposer, confirmer] = index % 2 === 0 ? [admin, chair] : [chair, admin];
      await proposer.reload();
      const actions = proposer.getByRole('region', { name: 'Actions' });
      await actions.getByRole('button', { name: 'Record cash repayment' }).click();
      const repay = proposer.getByRole('dialog', { name: `Cash repayment for loan #${loan.id}` });
      const amount = repay.getByLabel('Amount received (AED)');
      await expect(amount).toHaveValue(filsToDecimalString(installment.amountFils));
      await expect(repay).toContainText('Two admins are active');
      if (index === 0) await expect(proposer).toHaveNoAxeViolations();
      await repay
        .getByLabel('Note (optional)')
        .fill(`Cash at the meeting, installment ${index + 1}`);
      await repay.getByRole('button', { name: 'Record repayment' }).click();
      await expect(repay).toBeHidden();
      await expect(toastOn(proposer, `${WAITING}.`).first()).toBeVisible();
      await expect(actions.getByRole('region', { name: WAITING })).toContainText(
        'You proposed this, so you cannot confirm it',
      );

      await confirmer.reload();
      const waiting = confirmer
        .getByRole('region', { name: 'Actions' })
        .getByRole('region', { name: WAITING });
      await waiting.getByRole('button', { name: 'Confirm repayment' }).click();
      const confirm = confirmer.getByRole('dialog', {
        name: `Cash repayment for loan #${loan.id}`,
      });
      await expect(confirm.getByLabel('Amount received (AED)')).toHaveValue(
        filsToDecimalString(installment.amountFils),
      );
      if (index === 0) await expect(confirmer).toHaveNoAxeViolations();
      await confirm.getByRole('button', { name: 'Confirm repayment' }).click();
      await expect(confirm).toBeHidden();
      await expect(toastOn(confirmer, 'The repayment was recorded.').first()).toBeVisible();
      await expect(
        confirmer
          .getByRole('table', { name: `Installments of loan #${loan.id}` })
          .getByRole('row')
          .nth(index + 1),
      ).toContainText('Paid');
    }
    await admin.reload();
    const actions = admin.getByRole('region', { name: 'Actions' });
    await expect(actions).toContainText('This loan is fully repaid. Nothing is left to do.');
    await expect(actions.getByRole('button')).toHaveCount(0);
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Fully repaid');

    const closed = await expectMyLoan(member, loan.id, 'Closed');
    await expect(closed.getByRole('progressbar', { name: 'Repayment' })).toHaveAttribute(
      'aria-valuetext',
      /\(100\u00a0%\)$/,
    );
    const { items } = (await apiAs(member, '/api/my-loans')) as { items: Loan[] };
    expect(items.find((l) => l.id === loan.id)?.state).toBe('closed');
  });
});

// Read only for amina's loan, which other specs compare: the write-off is proposed and
// withdrawn, never confirmed.
test('a write-off proposed by the treasurer shows the chair its reason; withdrawn, the loan stays active', async ({
  page: admin,
  openAs,
}) => {
  const reason = 'The member left the UAE (end-to-end test, withdrawn).';
  await signIn(admin, DEMO_ADMIN);
  const { items } = (await apiAs(admin, '/api/admin/loans?state=active&limit=50')) as {
    items: Array<Loan & { member: { name: string } }>;
  };
  const amina = items.find((l) => l.member.name === 'Amina Rahman')!;
  await admin.goto(`/admin/loans/${amina.id}`);
  const actions = admin.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Write off' }).click();
  const writeOff = admin.getByRole('dialog', { name: `Write off loan #${amina.id}?` });
  await expect(writeOff).toContainText('Two admins are active');
  await writeOff.getByLabel('Reason').fill(reason);
  await writeOff.getByRole('button', { name: 'Write off the loan' }).click();
  await expect(toastOn(admin, `${WAITING}.`)).toBeVisible();
  const proposed = actions.getByRole('region', { name: WAITING });
  await expect(proposed).toContainText(`Reason: ${reason}`);
  await expect(proposed).toContainText('You proposed this, so you cannot confirm it');
  await expect(actions.getByRole('button', { name: 'Write off' })).toHaveCount(0);

  const chair = await openAs(DEMO_CHAIR);
  await chair.goto(`/admin/loans/${amina.id}`);
  const toConfirm = chair.getByRole('region', { name: 'Actions' }).getByRole('region', {
    name: WAITING,
  });
  await expect(toConfirm).toContainText('Proposed by Fatima Al Mansoori on');
  await expect(toConfirm).toContainText(`Reason: ${reason}`);
  // The confirming form starts with the proposal's reason (the server requires one).
  await toConfirm.getByRole('button', { name: 'Confirm write-off' }).click();
  const confirm = chair.getByRole('dialog', { name: `Write off loan #${amina.id}?` });
  await expect(confirm.getByLabel('Reason')).toHaveValue(reason);
  await expect(confirm.getByRole('button', { name: 'Confirm write-off' })).toBeEnabled();
  await expect(chair).toHaveNoAxeViolations();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // Any admin may withdraw it: the write-off can be proposed again, nothing moved.
  await toConfirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toastOn(chair, 'The proposal was withdrawn.')).toBeVisible();
  await expect(
    chair.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Write off' }),
  ).toBeVisible();
  expect(((await apiAs(chair, `/api/admin/loans/${amina.id}`)) as Loan).state).toBe('active');
  await admin.reload();
  await expect(actions.getByRole('button', { name: 'Write off' })).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the loans pages have no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/loans');
    await expect(page.getByRole('table', { name: 'All loans' })).toBeVisible();
    await expect(page).toHaveNoAxeViolations();
    // amina's loan (demo data): active, with a schedule and a history.
    await page.getByLabel('State').selectOption('active');
    const amina = page
      .getByRole('table', { name: 'Loans: Active' })
      .getByRole('row')
      .filter({ hasText: 'Amina Rahman' });
    await amina.getByRole('link', { name: /^Loan #\d+$/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
    await expect(page).toHaveNoAxeViolations();
    await page.getByRole('button', { name: 'Write off' }).click();
    await expect(page.getByRole('dialog', { name: /^Write off loan #\d+\?$/ })).toBeVisible();
    await expect(page).toHaveNoAxeViolations();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}
