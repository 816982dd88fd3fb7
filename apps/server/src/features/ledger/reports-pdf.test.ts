import { execFileSync } from 'node:child_process';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, paidDues, useTestApp } from '../../../test/harness.ts';
import { settings } from '../../db/schema/settings.ts';
import { postEntry } from './ledger.ts';

// Issue 49 point 7: the trial balance, the income statement and the journal as PDFs in English
// and in Arabic (right to left), their text read back as pdf.js reads it and, where poppler is
// installed (in CI always), as pdftotext does. Each test keeps to a year of its own.

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('pdftotext is missing (Debian package poppler-utils)');
    return false;
  }
})();

const t = useTestApp();
let admin: string;
let adminId: number;

beforeAll(async () => {
  const user = await t.makeUser({ role: 'admin', name: 'Treasurer' });
  adminId = user.id;
  admin = await t.login(user.email);
  await t.db.update(settings).set({ associationName: 'Al Noor Savings Group' });
});

/** The PDF answer to `url` in `language`, checked as a PDF download. */
async function pdfOf(url: string, language: string): Promise<Buffer> {
  const res = await t.app.inject({
    url,
    headers: { ...bearer(admin), 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return res.rawPayload;
}

const clean = (text: string) =>
  text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

/** The text as pdf.js (unpdf) reads it. */
async function pdfJsText(pdf: Buffer) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return clean(text);
}

/** The text as poppler's pdftotext reads it (or pdf.js's, without poppler). */
async function popplerText(pdf: Buffer) {
  if (!hasPoppler) return pdfJsText(pdf);
  return clean(execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString());
}

/** Where page 1's first item with `text` starts across the page, and the page's width. */
async function placeOf(pdf: Buffer, text: string) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const page = await document.getPage(1);
  const { items } = await page.getTextContent();
  const item = (items as Array<{ str: string; transform: number[] }>).find((i) =>
    i.str.includes(text),
  );
  return { x: item?.transform[4] ?? NaN, width: page.view[2]! };
}

const expense = (account: string, fils: number, at: string) =>
  postEntry(t.db, {
    kind: 'journal',
    memo: 'Paid by hand',
    occurredAt: new Date(at),
    createdBy: adminId,
    lines: [
      { account: { code: 'chart', account }, amountFils: fils },
      { account: { code: 'cash' }, amountFils: -fils },
    ],
  });

describe('the trial balance as a PDF', () => {
  it("writes each kind with its total, members' savings on one line, in English", async () => {
    const zainab = await t.makeUser({ name: 'Zainab Qureshi' });
    await paidDues(t.db, zainab.id, ['2017-05'], 30_000, new Date('2017-05-03T08:00:00Z'));
    await t.fundCash(20_000, new Date('2017-05-04T08:00:00Z'));
    await expense('bank_charges', 2_625, '2017-05-20T08:00:00Z');
    const pdf = await pdfOf('/api/admin/ledger/trial-balance.pdf?as_of=2017-05-31', 'en');
    for (const text of [await pdfJsText(pdf), await popplerText(pdf)]) {
      expect(text).toContain('Al Noor Savings Group');
      expect(text).toContain('Trial balance');
      expect(text).toContain('The end of 31 May 2017');
      for (const words of [
        'Assets',
        'Total assets',
        'Liabilities',
        'Total liabilities',
        'Expenses',
      ])
        expect(text).toContain(words);
      expect(text).toMatch(/Members' savings \(members: \d+\)/);
      expect(text).toContain('Bank charges');
      expect(text).toContain('26.25');
      expect(text).toContain('The books balance: debits equal credits.');
      expect(text).toContain('the CSV file lists every account');
      // Summed: no member's own savings line.
      expect(text).not.toContain('Zainab Qureshi');
    }
  });

  it('runs right to left in Arabic, its words read back', async () => {
    const pdf = await pdfOf('/api/admin/ledger/trial-balance.pdf?as_of=2017-05-31', 'ar');
    const text = await pdfJsText(pdf);
    for (const words of [
      'ميزان المراجعة',
      'الأصول',
      'إجمالي الأصول',
      'الالتزامات',
      'مدخرات الأعضاء',
    ])
      expect(text).toContain(words);
    expect(text).toContain('Al Noor Savings Group');
    if (hasPoppler) expect(await popplerText(pdf)).toContain('ميزان المراجعة');
    // The title starts at the right edge.
    const title = await placeOf(pdf, 'ميزان');
    expect(title.x).toBeGreaterThan(title.width / 2);
  });
});

describe('the income statement as a PDF', () => {
  it('writes income, expenses and the surplus of the period, in English and Arabic', async () => {
    await t.fundCash(100_000, new Date('2016-02-01T08:00:00Z'));
    await expense('meeting_costs', 15_000, '2016-02-10T08:00:00Z');
    await postEntry(t.db, {
      kind: 'journal',
      memo: 'Bank interest',
      occurredAt: new Date('2016-02-28T08:00:00Z'),
      createdBy: adminId,
      lines: [
        { account: { code: 'cash' }, amountFils: 4_050 },
        { account: { code: 'chart', account: 'bank_interest' }, amountFils: -4_050 },
      ],
    });
    const url = '/api/admin/ledger/income-statement.pdf?from=2016-01-01&to=2016-12-31';
    const english = await popplerText(await pdfOf(url, 'en'));
    for (const words of [
      'Income and expenditure statement',
      '1 January 2016 to 31 December 2016',
      'Bank interest received',
      'Total income',
      'Meeting and AGM costs',
      'Total expenses',
      'Deficit for the period',
      '109.50',
      'Shared out to members in this period',
    ])
      expect(english).toContain(words);

    const pdf = await pdfOf(url, 'ar');
    const arabic = await pdfJsText(pdf);
    for (const words of [
      'بيان الإيرادات والمصروفات',
      'فوائد بنكية مستلمة',
      'إجمالي الإيرادات',
      'عجز الفترة',
    ])
      expect(arabic).toContain(words);
    expect(arabic).toContain('109.50');
    const title = await placeOf(pdf, 'بيان');
    expect(title.x).toBeGreaterThan(title.width / 2);
  });
});

describe('the journal as a PDF', () => {
  it('writes each entry with its postings, as filtered, in English and Arabic', async () => {
    await t.fundCash(100_000, new Date('2014-09-01T08:00:00Z'));
    const entry = await expense('stationery', 3_375, '2014-09-15T08:00:00Z');
    const url = '/api/admin/ledger/entries.pdf?account=stationery&from=2014-09-01&to=2014-09-30';
    const english = await popplerText(await pdfOf(url, 'en'));
    for (const words of [
      'Journal',
      '1 September 2014 to 30 September 2014',
      'Stationery and printing (stationery)',
      '15 September 2014',
      String(entry),
      'Paid by hand',
      'Cash and bank',
      '33.75',
    ])
      expect(english).toContain(words);
    const arabic = await pdfJsText(await pdfOf(url, 'ar'));
    for (const words of ['دفتر اليومية', 'القرطاسية والطباعة', 'النقد والحساب البنكي', '33.75'])
      expect(arabic).toContain(words);
  });

  it('says when no entry matches', async () => {
    const url = '/api/admin/ledger/entries.pdf?from=2013-01-01&to=2013-01-31';
    expect(await popplerText(await pdfOf(url, 'en'))).toContain('No entries match this choice.');
  });
});
