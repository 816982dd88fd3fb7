import { filsToDecimalString } from '../../packages/money/src/format.ts';
import { parseAed } from '../../packages/money/src/fils.ts';
import { aedText, dubaiMonth } from '../support/figures.ts';
import { approveAnywayIfAsked, postDuesReceipt } from '../support/dues.ts';
import { apiAs, DESKTOP, expect, PHONE, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_MEMBERS } from '../support/members.ts';

// rahul (demo data): two dues paid, last month due, this month to pay. He sends a receipt for
// each; the treasurer approves one and rejects the other, and rahul sees both decisions.
const RAHUL = DEMO_MEMBERS.rahul;

type AccountData = {
  myAccountData: {
    monthly_due: number;
    monthlyPaymentData: { month: string; period: string; status: string }[];
  };
};

/** A small real PDF (a receipt from a banking app), with the trailer the server checks. */
function pdfReceipt(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('the treasurer approves one receipt and rejects another; the member sees both', async ({
  page: admin,
  openAs,
}) => {
  const rahul = await openAs(RAHUL);
  const { myAccountData } = (await apiAs(rahul, '/api/my-account-data')) as AccountData;
  const due = myAccountData.monthly_due;
  const thisMonth = dubaiMonth();
  const lastMonth = myAccountData.monthlyPaymentData.find((r) => r.status === 'due');
  expect(lastMonth, 'rahul owes last month').toBeDefined();
  const lastMonthName = lastMonth!.month.split(' ')[0]!;
  await postDuesReceipt(rahul, { month: lastMonthName, amount: due });
  await postDuesReceipt(rahul, {
    month: thisMonth.name,
    amount: due,
    photo: { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: pdfReceipt() },
  });

  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const nav = admin.getByRole('navigation', { name: 'Admin area' });
  await expect(
    nav.getByRole('link', { name: /^Review queue \(\d+ receipts? to review\)$/ }),
  ).toBeVisible();
  await nav.getByRole('link', { name: /^Review queue/ }).click();
  await expect(admin).toHaveURL(/\/admin\/payments$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();

  const queue = admin.getByRole('list', { name: 'Pending submissions' });
  const submission = (label: string) =>
    queue
      .getByRole('button')
      .filter({ hasText: 'Rahul Nair' })
      .filter({ hasText: `Dues for ${label}` });
  const panel = admin.getByRole('region', { name: 'Submission' });

  // Last month's photo, beside the submission: approve it.
  await expect(submission(lastMonth!.month)).toContainText(aedText(due));
  await submission(lastMonth!.month).click();
  await expect(panel.getByText(`Dues for ${lastMonth!.month}`)).toBeVisible();
  await expect(
    panel.getByRole('img', { name: `Receipt of Rahul Nair for Dues for ${lastMonth!.month}` }),
  ).toBeVisible();
  await expect(panel.getByLabel('Amount the receipt shows (AED)')).toHaveValue(
    filsToDecimalString(parseAed(due)),
  );
  await expect(admin).toHaveNoAxeViolations();
  await panel.getByRole('button', { name: 'Approve' }).click();
  await approveAnywayIfAsked(
    admin,
    admin.getByRole('alert').filter({ hasText: 'The payment was approved.' }),
  );
  await expect(submission(lastMonth!.month)).toHaveCount(0);

  // This month's PDF: reject it with a reason, which is required.
  await submission(thisMonth.label).click();
  // A member's PDF is only offered as a download, never shown in the app's origin.
  await expect(panel.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.pdf$/);
  await expect(panel.locator('iframe')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Reject' }).click();
  await expect(panel.getByText('Reason is required.')).toBeVisible();
  const reason = 'The receipt is for another account. Please send the receipt of your transfer.';
  await panel.getByLabel('Reason the member reads').fill(reason);
  await panel.getByRole('button', { name: 'Reject' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: 'The payment was rejected.' }),
  ).toBeVisible();
  await expect(submission(thisMonth.label)).toHaveCount(0);

  // Both are filed under their decision.
  await admin.getByRole('tab', { name: 'Approved' }).click();
  await expect(
    admin
      .getByRole('list', { name: 'Approved submissions' })
      .getByRole('button')
      .filter({ hasText: 'Rahul Nair' })
      .filter({ hasText: `Dues for ${lastMonth!.month}` }),
  ).toHaveCount(1);
  await admin.getByRole('tab', { name: 'Rejected' }).click();
  const rejected = admin
    .getByRole('list', { name: 'Rejected submissions' })
    .getByRole('button')
    .filter({ hasText: 'Rahul Nair' })
    .filter({ hasText: `Dues for ${thisMonth.label}` });
  await rejected.click();
  await expect(panel.getByText(reason)).toBeVisible();

  // rahul: last month Completed, this month to pay again, the reason beside the rejected receipt.
  await rahul.goto('/user/monthly-pay');
  const rows = rahul.getByRole('region', { name: 'Monthly dues' });
  const row = (label: string) => rows.getByRole('listitem').filter({ hasText: label });
  await expect(row(lastMonth!.month).getByText('Completed', { exact: true })).toBeVisible();
  await expect(row(thisMonth.label).getByRole('button', { name: 'Pay Now' })).toBeVisible();
  const history = rahul.getByRole('region', { name: 'My payments' });
  const sent = history.getByRole('listitem').filter({ hasText: `Due for ${thisMonth.label}` });
  await expect(sent.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(sent.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(
    history
      .getByRole('listitem')
      .filter({ hasText: `Due for ${lastMonth!.month}` })
      .getByText('Approved', { exact: true }),
  ).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the admin overview and the review queue have no axe violations at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin');
    await expect(page.getByRole('figure', { name: /last 12 months/ })).toBeVisible();
    await expect(page).toHaveNoAxeViolations();
    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Open the admin menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Admin area' });
      await expect(menu).toBeVisible();
      await expect(page).toHaveNoAxeViolations();
      await menu.getByRole('link', { name: /^Review queue/ }).click();
      await expect(menu).toBeHidden();
    } else {
      await page.goto('/admin/payments');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page).toHaveNoAxeViolations();
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expect(page.getByRole('list', { name: 'Approved submissions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Submission' }).getByRole('img')).toBeVisible();
    await expect(page).toHaveNoAxeViolations();
  });
}
