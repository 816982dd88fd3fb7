import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, useTestAppEach } from '../../../test/harness.ts';
import { adminCalls } from '../../../test/support/own-books.ts';
import { lastYear, lastYearBooked } from '../../../test/support/year.ts';
import { addMonthsToPeriod } from '../../lib/calendar.ts';

// Issue 53, point 3: the annual report for the AGM (PDF, HTML, JSON; English and Arabic; a draft
// until the year is closed) and the members' short version.

const t = useTestAppEach();

async function treasurerWithAYear() {
  const user = await t.makeUser({ role: 'admin', isMember: false, name: 'Treasurer' });
  const token = await t.login(user.email);
  const member = await t.makeUser({ name: 'Amina Rahman', joinedOn: `${lastYear}-02-01` });
  await lastYearBooked(t, token);
  return { token, a: adminCalls(t.app, token), member };
}

async function close(a: ReturnType<typeof adminCalls>) {
  for (let m = `${lastYear}-01`; m <= `${lastYear}-12`; m = addMonthsToPeriod(m, 1))
    expect((await a.post(`/api/admin/periods/${m}/lock`)).statusCode).toBe(200);
  expect((await a.post(`/api/admin/years/${lastYear}/arrears-review`)).statusCode).toBe(200);
  const closed = await a.post(`/api/admin/years/${lastYear}/close`);
  expect(closed.statusCode, closed.body).toBe(200);
}

const pages = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())![1]);
const pageText = (pdf: Buffer, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-', '-'], {
    input: pdf,
  }).toString();

describe('GET /api/admin/years/:year/report', () => {
  it('reads the year as the income statement and the balance sheet read it, beside the year before', async () => {
    const { a } = await treasurerWithAYear();
    const res = await a.get(`/api/admin/years/${lastYear}/report?format=json`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ year: lastYear, is_draft: true, previous: null });
    const f = report.current;
    expect(f).toMatchObject({
      from: `${lastYear}-01-01`,
      to: `${lastYear}-12-31`,
      total_income: 1005,
      total_expenses: 26.25,
      surplus: 978.75,
      income_by_source: { interest: 0, fines: 0, other: 1005 },
      members: { joined: 1, left: 0 },
    });
    expect(f.par30).toHaveLength(12);
    // The balance sheet balances: the surplus not yet closed is equity.
    const sheet = f.balance_sheet;
    expect(sheet.total_assets).toBe(978.75);
    expect(sheet.total_liabilities + sheet.total_equity).toBe(978.75);
    expect(sheet.equity).toContainEqual(expect.objectContaining({ code: 'surplus_not_closed' }));
  });

  it('draws a PDF whose every page says it is a draft, and a closed year without it, in Arabic too', async () => {
    const { a, token, member } = await treasurerWithAYear();
    // Savings of 1,024.11 and a deficit of 45.36: added as decimals, 978.7499999999999.
    const hall = await a.post('/api/admin/journal-entries', {
      date: `${lastYear}-05-05`,
      memo: 'A gift to a member',
      lines: [
        { account: 'other_expenses', debit: 1024.11 },
        { account: `savings:${member.id}`, credit: 1024.11 },
      ],
    });
    expect(hall.statusCode, hall.body).toBe(201);
    const draft = await a.get(`/api/admin/years/${lastYear}/report`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    expect(draft.headers['content-disposition']).toBe(
      `attachment; filename="annual-report-${lastYear}-DRAFT.pdf"`,
    );
    const count = pages(draft.rawPayload);
    expect(count).toBeGreaterThan(1);
    for (let p = 1; p <= count; p++) expect(pageText(draft.rawPayload, p)).toMatch(/DRAFT/);
    const all = execFileSync('pdftotext', ['-', '-'], { input: draft.rawPayload }).toString();
    expect(all).toMatch(/Total liabilities and equity\s+978\.75/);
    for (const heading of [
      'Income and expenditure',
      'Balance sheet at',
      'Income by source',
      'PAR30',
      'The share-out',
    ])
      expect(all).toContain(heading);

    await close(a);
    const closed = await a.get(`/api/admin/years/${lastYear}/report`);
    expect(closed.headers['content-disposition']).toBe(
      `attachment; filename="annual-report-${lastYear}.pdf"`,
    );
    expect(
      execFileSync('pdftotext', ['-', '-'], { input: closed.rawPayload }).toString(),
    ).not.toMatch(/DRAFT/);
    const arabic = await t.app.inject({
      url: `/api/admin/years/${lastYear}/report`,
      headers: { ...bearer(token), 'accept-language': 'ar' },
    });
    expect(arabic.statusCode).toBe(200);
    expect(
      execFileSync('pdftotext', ['-', '-'], { input: arabic.rawPayload }).toString(),
    ).toContain('الميزانية');
  });

  it('writes an HTML page with its charts as SVG, escaped, right to left in Arabic', async () => {
    const { token } = await treasurerWithAYear();
    await t.db.execute(`update settings set association_name = '<script>alert(1)</script> Club'`);
    const res = await t.app.inject({
      url: `/api/admin/years/${lastYear}/report?format=html`,
      headers: { ...bearer(token), 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body.match(/<svg /g)?.length).toBeGreaterThanOrEqual(3);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('refuses a year the books do not have, a misnamed one, a format it does not draw, and members', async () => {
    const { a, member } = await treasurerWithAYear();
    await expectError(await a.get(`/api/admin/years/${lastYear - 5}/report`), 404);
    await expectError(await a.get('/api/admin/years/20x6/report'), 400);
    await expectError(await a.get(`/api/admin/years/${lastYear}/report?format=docx`), 400);
    const memberToken = await t.login(member.email);
    await expectError(
      await t.app.inject({
        url: `/api/admin/years/${lastYear}/report`,
        headers: bearer(memberToken),
      }),
      403,
    );
  });
});

describe('GET /api/annual-report', () => {
  it('gives members nothing while no year is closed, then the closed year in short', async () => {
    const { a, member } = await treasurerWithAYear();
    const memberToken = await t.login(member.email);
    const read = (query = '') =>
      t.app.inject({ url: `/api/annual-report${query}`, headers: bearer(memberToken) });
    expect((await read()).json()).toEqual({ years: [], report: null });
    await expectError(await read(`?year=${lastYear}`), 404);

    await close(a);
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      years: [lastYear],
      report: { year: lastYear, total_income: 1005, surplus: 978.75, previous_surplus: null },
    });
    await expectError(await read('?year=abc'), 400);
    await expectError(await t.app.inject({ url: '/api/annual-report' }), 401);
  });
});
