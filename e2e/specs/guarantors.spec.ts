import type { Locator, Page } from '@playwright/test';
import { filsToDecimalString } from '../../packages/money/src/format.ts';
import { parseAed } from '../../packages/money/src/fils.ts';
import { loanFigures, loanSchedule } from '../../packages/money/src/loan.ts';
import { sendPayment } from '../support/dues.ts';
import { dubaiMonthBefore, filsText, jpegReceipt } from '../support/figures.ts';
import { apiAs, DESKTOP, expect, PHONE, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, E2E_MEMBERS } from '../support/members.ts';

// Issue 38: loans by the association's rules (docs/domain/loan-lifecycle.md, Eligibility;
// docs/domain/guarantors.md). A member borrows after 3 months of membership, with no past month
// of dues unpaid, up to 3 times their savings; the part above their free savings needs
// guarantors, whose accepted guarantees hold part of their savings while the loan owes. The
// members and their pasts: e2e/support/members.ts (E2E_HISTORIES).

type Settings = {
  monthly_due: number;
  loan_policy: {
    minimum: number;
    maximum: number;
    step: number;
    default: number;
    interest_rate_percent: number;
  };
  loan_rules: {
    min_membership_months: number;
    max_months_in_arrears: number;
    savings_multiple: number;
  };
};

/** The rules of a new association, and the demo's policy: the figures below are theirs. */
async function demoRules(page: Page): Promise<Settings> {
  const settings = (await apiAs(page, '/api/settings')) as Settings;
  expect(settings).toMatchObject({
    monthly_due: 200,
    loan_policy: { minimum: 500, maximum: 5000, step: 100, interest_rate_percent: 7 },
    loan_rules: { min_membership_months: 3, max_months_in_arrears: 0, savings_multiple: 3 },
  });
  return settings;
}

const toastOn = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A figure of a list of figures (<dl>), by its label. */
const figureOf = (page: Page, within: Locator, label: string) =>
  within
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: label }) })
    .getByRole('definition');

/** Moves the Loan amount stepper from the policy's default to `toFils`, a step a tap. */
async function stepAmountTo(page: Page, settings: Settings, toFils: number): Promise<Locator> {
  const amount = page.getByRole('group', { name: 'Loan amount' }).getByRole('status');
  const fromFils = parseAed(settings.loan_policy.default);
  await expect(amount).toHaveText(filsText(fromFils));
  const increase = page.getByRole('button', { name: /^Increase the amount by/ });
  for (let fils = fromFils; fils < toFils; fils += parseAed(settings.loan_policy.step))
    await increase.click();
  await expect(amount).toHaveText(filsText(toFils));
  return amount;
}

test.describe('who may borrow how much, at 390 px', () => {
  test.use({ viewport: PHONE });

  // zahra joined four months ago and has not paid last month's dues (AED 600 saved).
  test('a member with last month unpaid sees why and cannot apply; a receipt sent for it opens the form', async ({
    page,
  }) => {
    const member = E2E_MEMBERS.arrears;
    await signIn(page, member.email);
    await demoRules(page);
    await page.goto('/user/apply-loan');
    await expect(page.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'You cannot apply for a loan now' });
    await expect(notice).toContainText('Bring your dues up to date first: 1 month is unpaid.');
    await expect(
      page.getByText('You cannot send this application now: see the note at the top of the page.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply for the loan' })).toBeDisabled();

    // The month paid with a receipt, waiting for the treasurer's review: no longer unpaid.
    await page.goto('/user/monthly-pay');
    await page.getByRole('button', { name: 'Pay monthly due' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
    await sendPayment(page, dialog, {
      month: dubaiMonthBefore(1).period,
      amount: 200,
      receipt: await jpegReceipt(),
    });
    await page.goto('/user/apply-loan');
    const limit = page.getByRole('status').filter({ hasText: 'How much you can borrow' });
    await expect(limit).toContainText(
      `You can borrow up to ${filsText(parseAed(1800))}: 3 times your savings of ${filsText(parseAed(600))}.`,
    );
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Apply for the loan' })).toBeEnabled();
  });

  // rania joined six months ago and has paid every due since: AED 1,200 saved.
  test('a member with AED 1,200 saved may borrow up to AED 3,600: the stepper stops there', async ({
    page,
  }) => {
    await signIn(page, E2E_MEMBERS.borrowLimit.email);
    const settings = await demoRules(page);
    await page.goto('/user/apply-loan');
    const limit = page.getByRole('status').filter({ hasText: 'How much you can borrow' });
    await expect(limit).toContainText(
      `You can borrow up to ${filsText(parseAed(3600))}: 3 times your savings of ${filsText(parseAed(1200))}.`,
    );
    const stepper = page.getByRole('group', { name: 'Loan amount' });
    await expect(stepper).toContainText(
      `Minimum ${filsText(parseAed(500))} · Maximum loan ${filsText(parseAed(3600))}`,
    );
    await expect(
      page.getByText(
        `Up to ${filsText(parseAed(1200))}, your free savings, you need no guarantor.`,
      ),
    ).toBeVisible();
    // No guarantor up to the free savings.
    await expect(page.getByRole('heading', { level: 2, name: 'Guarantors' })).toHaveCount(0);

    await stepAmountTo(page, settings, parseAed(3600));
    await expect(page.getByRole('button', { name: /^Increase the amount by/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Decrease the amount by/ })).toBeEnabled();
    // Above them, guarantors for the rest.
    const guarantors = page.getByRole('region', { name: 'Guarantors' });
    await expect(guarantors).toContainText(
      `${filsText(parseAed(2400))} of this loan is above your free savings (${filsText(parseAed(1200))})`,
    );
    await expect(page.getByRole('button', { name: 'Apply for the loan' })).toBeEnabled();
  });
});

// ibrahim (AED 1,200 saved) borrows AED 3,000 over 3 months: AED 1,800 above his savings, which
// lakshmi (AED 1,200 saved, named by her member ID) and samir (AED 1,000 saved, found by his
// name) guarantee, AED 1,000 and AED 800. Both accept on their phones; the treasurer approves,
// proposes the pay-out, and the chair confirms it; a first installment in cash shrinks the holds.
test('a loan above the savings with two guarantors: asked, accepted, approved, paid out; the holds shrink as it is repaid', async ({
  page: borrower,
  openAs,
}) => {
  test.setTimeout(120_000);
  const BORROWER = E2E_MEMBERS.borrower;
  const BY_ID = E2E_MEMBERS.guarantorById;
  const BY_NAME = E2E_MEMBERS.guarantorByName;
  const AMOUNT_FILS = parseAed(3000);
  const TERM = 3;
  const WAITING = 'Proposed: waiting for a second admin';

  // samir lets members find him in the list of guarantors.
  const byName = await openAs(BY_NAME.email, PHONE);
  await byName.goto('/user/guarantees');
  await expect(
    byName.getByText(`Savings not held for a guarantee: ${filsText(parseAed(1000))}`),
  ).toBeVisible();
  const findable = byName.getByRole('checkbox', {
    name: 'Members may find me in the list of guarantors',
  });
  await expect(findable).not.toBeChecked();
  await findable.check();
  await expect(
    toastOn(byName, 'Members can now find you in the list of guarantors.'),
  ).toBeVisible();
  await expect(findable).toBeChecked();
  const byId = await openAs(BY_ID.email, PHONE);
  type Profile = { userData: { unique_id: string } };
  const byIdMemberId = ((await apiAs(byId, '/api/profile')) as Profile).userData.unique_id;
  const byNameMemberId = ((await apiAs(byName, '/api/profile')) as Profile).userData.unique_id;
  const GUARANTORS = [
    { ...BY_ID, page: byId, memberId: byIdMemberId, amountFils: parseAed(1000) },
    { ...BY_NAME, page: byName, memberId: byNameMemberId, amountFils: parseAed(800) },
  ];

  // ibrahim applies on his phone.
  await borrower.setViewportSize(PHONE);
  await signIn(borrower, BORROWER.email);
  const settings = await demoRules(borrower);
  const interestPermille = Math.round(settings.loan_policy.interest_rate_percent * 10);
  const figures = loanFigures({ amountFils: AMOUNT_FILS, termMonths: TERM, interestPermille });
  expect(figures.totalFils).toBe(parseAed(3210));
  await borrower.goto('/user/apply-loan');
  await stepAmountTo(borrower, settings, AMOUNT_FILS);
  const term = borrower.getByRole('group', { name: 'Repayment term' });
  await term.getByText('3 months', { exact: true }).click();
  await expect(term.getByRole('radio', { name: '3 months' })).toBeChecked();

  const guarantors = borrower.getByRole('region', { name: 'Guarantors' });
  await expect(guarantors).toContainText(
    `${filsText(parseAed(1800))} of this loan is above your free savings (${filsText(parseAed(1200))})`,
  );
  const first = guarantors.getByRole('group', { name: 'Guarantor 1', exact: true });
  await first.getByLabel('Member ID or name').fill(byIdMemberId);
  await first.getByLabel('Amount they guarantee (AED)').fill('1000');
  await guarantors.getByRole('button', { name: 'Add a guarantor' }).click();
  const second = guarantors.getByRole('group', { name: 'Guarantor 2', exact: true });
  await expect(second.getByLabel('Member ID or name')).toBeFocused();
  // A part of his name finds him.
  await second.getByLabel('Member ID or name').fill(BY_NAME.name.split(' ')[0]!);
  await second
    .getByRole('list', { name: 'Members found' })
    .getByRole('button', { name: new RegExp(`^${BY_NAME.name}`) })
    .click();
  await expect(second.getByLabel('Member ID or name')).toHaveValue(byNameMemberId);
  await expect(second).toContainText(`${BY_NAME.name} will be asked in the app to accept.`);
  await second.getByLabel('Amount they guarantee (AED)').fill('800');
  await expect(guarantors).toContainText(
    `Your guarantors cover ${filsText(parseAed(1800))} of ${filsText(parseAed(1800))}.`,
  );
  await borrower.getByLabel('Bank account or Botim number').fill('Botim 0559876543');
  await borrower.getByLabel('Passport or ID number').fill('P1122334');
  await borrower.getByRole('button', { name: 'Apply for the loan' }).click();
  await expect(toastOn(borrower, 'Your loan application was received.')).toBeVisible();
  const { items } = (await apiAs(borrower, '/api/my-loans')) as {
    items: { id: number; state: string }[];
  };
  const loan = items.find((l) => l.state === 'pending')!;
  expect(loan, 'the application').toBeDefined();

  // The treasurer, at the office: approval waits for the guarantors.
  const admin = await openAs(DEMO_ADMIN, DESKTOP);
  await admin.goto(`/admin/loans/${loan.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Loan #${loan.id}` })).toBeVisible();
  const actions = admin.getByRole('region', { name: 'Actions' });
  const approve = actions.getByRole('button', { name: 'Approve', exact: true });
  await expect(approve).toBeDisabled();
  await expect(actions).toContainText(
    `Approval waits for the guarantors: accepted guarantees cover ${filsText(0)} of the ${filsText(parseAed(1800))} this loan needs.`,
  );

  // Each guarantor accepts on their phone: lakshmi from her home's note, samir on Guarantees.
  await byId.goto('/user');
  await byId
    .getByRole('link', {
      name: `${BORROWER.name} asks you to stand guarantor for ${filsText(parseAed(1000))}`,
    })
    .click();
  await expect(byId).toHaveURL(/\/user\/guarantees$/);
  for (const { page: guarantor, amountFils } of GUARANTORS) {
    if (guarantor === byName) await guarantor.reload();
    const card = guarantor
      .getByRole('listitem')
      .filter({ has: guarantor.getByRole('heading', { level: 3, name: BORROWER.name }) });
    await expect(card.getByText('Waiting for your answer', { exact: true })).toBeVisible();
    await expect(figureOf(guarantor, card, 'You guarantee')).toHaveText(filsText(amountFils));
    await card.getByRole('button', { name: 'Accept' }).click();
    const dialog = guarantor.getByRole('dialog', {
      name: new RegExp(`^Stand guarantor for .?${BORROWER.name}.?\\?$`),
    });
    await expect(dialog).toContainText(
      `${filsText(amountFils)} of your savings will be held until the loan is repaid.`,
    );
    await dialog.getByRole('button', { name: 'Yes, accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      toastOn(
        guarantor,
        'You now stand guarantor for this loan. That part of your savings is held',
      ),
    ).toBeVisible();
    await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(figureOf(guarantor, card, 'Held now')).toHaveText(filsText(amountFils));

    if (guarantor === byId) {
      // Half way: the treasurer sees one answer, and still cannot approve.
      await admin.reload();
      await expect(admin.getByRole('region', { name: 'Guarantors' })).toContainText(
        `Accepted guarantees cover ${filsText(parseAed(1000))} of ${filsText(parseAed(1800))} needed.`,
      );
      await expect(approve).toBeDisabled();
    }
  }
  await expect(
    byId.getByText(`Savings not held for a guarantee: ${filsText(parseAed(200))}`),
  ).toBeVisible();

  // Both answers on the loan's page; the treasurer approves.
  await admin.reload();
  const onLoan = admin.getByRole('region', { name: 'Guarantors' });
  await expect(onLoan).toContainText(
    `Accepted guarantees cover ${filsText(parseAed(1800))} of ${filsText(parseAed(1800))} needed.`,
  );
  for (const { name, memberId, amountFils } of GUARANTORS) {
    const item = onLoan.getByRole('listitem').filter({ hasText: `${name} · ${memberId}` });
    await expect(item.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(figureOf(admin, item, 'Guarantee')).toHaveText(filsText(amountFils));
  }
  await approve.click();
  const approveDialog = admin.getByRole('dialog', { name: `Approve loan #${loan.id}?` });
  await expect(approveDialog).toContainText(
    `${BORROWER.name} asks for ${filsText(AMOUNT_FILS)} over 3 months, ${filsText(figures.totalFils)} in total.`,
  );
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastOn(admin, 'The loan was approved.')).toBeVisible();
  await expect(approveDialog).toBeHidden();

  // The pay-out: the treasurer proposes it, the chair confirms it.
  await actions.getByRole('button', { name: 'Propose pay-out' }).click();
  const payOut = admin.getByRole('dialog', { name: `Pay out loan #${loan.id}?` });
  await expect(payOut).toContainText('Botim 0559876543');
  await payOut.getByRole('button', { name: 'Propose pay-out' }).click();
  await expect(toastOn(admin, `${WAITING}.`)).toBeVisible();
  await expect(payOut).toBeHidden();
  const chair = await openAs(DEMO_CHAIR, DESKTOP);
  await chair.goto(`/admin/loans/${loan.id}`);
  const chairActions = chair.getByRole('region', { name: 'Actions' });
  await chairActions
    .getByRole('region', { name: WAITING })
    .getByRole('button', { name: 'Confirm payout' })
    .click();
  const confirmPayOut = chair.getByRole('dialog', { name: `Pay out loan #${loan.id}?` });
  await confirmPayOut.getByRole('button', { name: 'Confirm payout' }).click();
  await expect(toastOn(chair, 'The loan was paid out.')).toBeVisible();
  await expect(
    chair.getByRole('table', { name: `Installments of loan #${loan.id}` }).getByRole('row'),
  ).toHaveCount(TERM + 1);

  // Each guarantor's home: what their guarantee holds of their savings, for whom.
  const heldNote = (guarantor: Page, fils: number) =>
    guarantor.getByText(`${filsText(fils)} held as a guarantee for ${BORROWER.name}`, {
      exact: true,
    });
  for (const { page: guarantor, amountFils } of GUARANTORS) {
    await guarantor.goto('/user');
    await expect(heldNote(guarantor, amountFils)).toBeVisible();
  }

  // The first installment in cash: the treasurer proposes it, the chair confirms the same amount.
  const [installment] = loanSchedule({
    amountFils: AMOUNT_FILS,
    termMonths: TERM,
    interestPermille,
  });
  await admin.reload();
  await actions.getByRole('button', { name: 'Record cash repayment' }).click();
  const repay = admin.getByRole('dialog', { name: `Cash repayment for loan #${loan.id}` });
  await expect(repay.getByLabel('Amount received (AED)')).toHaveValue(
    filsToDecimalString(installment!.amountFils),
  );
  await repay.getByLabel('Note (optional)').fill('Cash at the meeting, installment 1');
  await repay.getByRole('button', { name: 'Record repayment' }).click();
  await expect(repay).toBeHidden();
  await expect(toastOn(admin, `${WAITING}.`).first()).toBeVisible();
  await chair.reload();
  await chairActions
    .getByRole('region', { name: WAITING })
    .getByRole('button', { name: 'Confirm repayment' })
    .click();
  const confirmRepay = chair.getByRole('dialog', { name: `Cash repayment for loan #${loan.id}` });
  await expect(confirmRepay.getByLabel('Amount received (AED)')).toHaveValue(
    filsToDecimalString(installment!.amountFils),
  );
  await confirmRepay.getByRole('button', { name: 'Confirm repayment' }).click();
  await expect(confirmRepay).toBeHidden();
  await expect(toastOn(chair, 'The repayment was recorded.').first()).toBeVisible();

  // The holds shrink with what the loan owes: ⌊ amount × owed ÷ total ⌋, in fils.
  const owedFils = figures.totalFils - installment!.amountFils;
  const heldNow = (amountFils: number) =>
    Number((BigInt(amountFils) * BigInt(owedFils)) / BigInt(figures.totalFils));
  expect([heldNow(parseAed(1000)), heldNow(parseAed(800))]).toEqual([66_666, 53_333]);
  for (const { page: guarantor, amountFils } of GUARANTORS) {
    const held = heldNow(amountFils);
    await guarantor.reload();
    await expect(heldNote(guarantor, held)).toBeVisible();
    await guarantor.goto('/user/guarantees');
    const card = guarantor
      .getByRole('listitem')
      .filter({ has: guarantor.getByRole('heading', { level: 3, name: BORROWER.name }) });
    await expect(card.getByText('Being repaid', { exact: true })).toBeVisible();
    await expect(figureOf(guarantor, card, 'Held now')).toHaveText(filsText(held));
  }
});
