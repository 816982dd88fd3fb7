// The cluster test's walk through the app behind the balancer: a member and the treasurer sign
// in, a receipt goes to one process and is read from the other, the treasurer reviews it, and
// a loan is applied for, approved and paid out by two admins. Each answer notes the process
// that gave it (nginx's X-Upstream).
import sharp from 'sharp';
import { must, upstreamOf } from '../crash-test/http.mjs';
import { MONTHS } from '../crash-test/options.mjs';

/** The month `monthsAgo` before this one in Dubai (the association's months), by name. */
export function dubaiMonthName(monthsAgo = 0) {
  const month = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date()).slice(5, 7),
  );
  return MONTHS[(((month - 1 - monthsAgo) % 12) + 12) % 12];
}

export async function receiptPicture(color) {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A call through the balancer that must succeed; answers its body and the process that served it. */
export function tracked(call, servedBy) {
  return async (method, url, options, what = `${method} ${url}`) => {
    const res = await call(method, url, options);
    const upstream = upstreamOf(res) ?? '?';
    servedBy.push(upstream);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return { body: res.body, status: res.status, upstream };
  };
}

export async function signIn(call, email, password = 'jamiya-demo') {
  return (await must(call('POST', '/api/login', { json: { email, password } }), email))
    .access_token;
}

export async function submitDues(through, token, month, color) {
  const form = new FormData();
  form.set('payment_amount', '200');
  form.set('month', month);
  form.set('account_number', 'AE070331234567890123456');
  form.set('photo', new Blob([await receiptPicture(color)], { type: 'image/png' }), 'receipt.png');
  return through('POST', '/api/save-monthly-payment', { token, form }, `dues for ${month}`);
}

/**
 * The walk itself. `direct` holds a client for each process, by its address (host:port), to
 * read a receipt from the process that did not receive it. Answers what it checked.
 */
export async function walkThrough(call, direct, servedBy) {
  const through = tracked(call, servedBy);
  const checked = [];
  const treasurer = await signIn(call, 'admin@jamiya.example');
  const chair = await signIn(call, 'chair@jamiya.example');
  const member = await signIn(call, 'rahul@jamiya.example');
  const account = async () =>
    (await through('GET', '/api/my-account-data', { token: member })).body.myAccountData;
  const balanceBefore = (await account()).account_balance;

  // Last month's due: the association lends only to a member whose past dues are paid.
  const sent = await submitDues(through, member, dubaiMonthName(1), '#2060a0');
  const { receipt_url: receiptUrl, id: paymentId } = sent.body.payment;
  const [other] = Object.keys(direct).filter((a) => a !== sent.upstream);
  if (!other) throw new Error(`the receipt went to ${sent.upstream}, which is not a process`);
  const there = await direct[other]('GET', receiptUrl, { token: member });
  const here = await direct[sent.upstream]('GET', receiptUrl, { token: member });
  if (there.status !== 200 || !Buffer.isBuffer(there.body) || !there.body.equals(here.body))
    throw new Error(`the receipt sent to ${sent.upstream} answers ${there.status} on ${other}`);
  checked.push(
    `a receipt sent to ${sent.upstream} is served by ${other} (${there.body.length} bytes, ` +
      `${there.headers.get('content-type')}, the same bytes as from ${sent.upstream})`,
  );

  const pending = await through('GET', '/api/admin/payments?status=pending&limit=100', {
    token: treasurer,
  });
  if (!pending.body.items.some((p) => p.id === paymentId))
    throw new Error('the treasurer does not see the receipt under review');
  const seen = await through('GET', receiptUrl, { token: treasurer });
  await through('POST', `/api/admin/payments/${paymentId}/approve`, { token: treasurer, json: {} });
  const balanceAfter = (await account()).account_balance;
  if (balanceAfter !== balanceBefore + 200)
    throw new Error(`the balance went from ${balanceBefore} to ${balanceAfter}, not +200`);
  checked.push(
    `the treasurer read it (from ${seen.upstream}) and approved it; the member's balance rose from ${balanceBefore} to ${balanceAfter} AED`,
  );

  // AED 600, within his savings after that due: a loan that needs no guarantor.
  const form = new FormData();
  for (const [k, v] of Object.entries({
    loan_type: 'personal',
    loan_amount: '600',
    duration_month: '3',
    bank_account: 'Botim 0557654321',
    passport_or_nid: 'P7654321',
    includeInsurance: 'false',
    per_month_amount: '214',
    total_amount_with_interest: '642',
  }))
    form.set(k, v);
  const applied = await through('POST', '/api/loan-application', { token: member, form });
  const loanId = applied.body.loan.id;
  await through('POST', `/api/admin/loans/${loanId}/approve`, { token: treasurer, json: {} });
  const proposed = await through('POST', `/api/admin/loans/${loanId}/disburse`, {
    token: treasurer,
    json: {},
  });
  if (proposed.status !== 202) throw new Error(`a payout by one admin answered ${proposed.status}`);
  await through('POST', `/api/admin/loans/${loanId}/disburse`, { token: chair, json: {} });
  const loans = await through('GET', '/api/my-loans', { token: member });
  const loan = loans.body.items.find((l) => l.id === loanId);
  if (loan?.state !== 'active') throw new Error(`the loan is ${loan?.state}, not active`);
  checked.push(
    `loan ${loanId} applied for, approved, proposed for payout by the treasurer (202) and paid out on the chair's confirmation: active`,
  );
  return { checked, treasurer, member };
}
