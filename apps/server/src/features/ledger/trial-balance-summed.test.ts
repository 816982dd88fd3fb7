import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../../test/harness.ts';
import { postEntry } from './ledger.ts';

// The trial balance's page and PDF read the month totals kept with each entry and sum the
// accounts of members and loans on a line each; the CSV reads every posting, account by
// account. On any day, before, inside and after a month's entries, the two agree.

const t = useTestApp();
let admin: string;
let adminId: number;

beforeAll(async () => {
  const user = await t.makeUser({ role: 'admin', name: 'Treasurer' });
  adminId = user.id;
  admin = await t.login(user.email);
});

const get = (url: string) =>
  t.app.inject({ url, headers: { ...bearer(admin), 'accept-language': 'en' } });

type Line = { code: string; debits: number; credits: number; summed_accounts?: number };

/** The CSV's rows summed as the page sums them: `savings:4` into `savings:*`. */
async function csvSummed(asOf: string): Promise<Map<string, Line>> {
  const res = await get(`/api/admin/ledger/trial-balance.csv?as_of=${asOf}`);
  expect(res.statusCode, res.body).toBe(200);
  const [, ...rows] = res.body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  const out = new Map<string, Line>();
  for (const row of rows) {
    const [, code = '', , debits, credits] = row.split(',');
    const line = code.includes(':') ? `${code.split(':')[0]}:*` : code;
    const at = out.get(line) ?? { code: line, debits: 0, credits: 0, summed_accounts: 0 };
    at.debits += Math.round(Number(debits) * 100);
    at.credits += Math.round(Number(credits) * 100);
    at.summed_accounts! += 1;
    out.set(line, at);
  }
  return out;
}

describe('the trial balance, summed by month totals', () => {
  it('agrees with every posting on any day: before, inside and after a month’s entries', async () => {
    const [a, b] = [await t.makeUser(), await t.makeUser()];
    const entry = (at: string, userId: number, fils: number, fine = 0) =>
      postEntry(t.db, {
        kind: 'journal',
        memo: 'test entry',
        occurredAt: new Date(at),
        createdBy: adminId,
        lines: [
          { account: { code: 'cash' }, amountFils: fils },
          { account: { code: 'savings', userId }, amountFils: fine - fils },
          ...(fine ? [{ account: { code: 'fines' as const, userId }, amountFils: -fine }] : []),
        ],
      });
    await entry('2016-05-03T08:00:00Z', a.id, 20_000);
    await entry('2016-05-20T08:00:00Z', b.id, 15_000, 1_000);
    // 1 June in Dubai, 31 May in UTC.
    await entry('2016-05-31T21:00:00Z', a.id, 5_000);
    await entry('2016-06-15T08:00:00Z', b.id, 2_500);

    for (const day of ['2016-05-02', '2016-05-10', '2016-05-31', '2016-06-01', '2016-06-30']) {
      const res = await get(`/api/admin/ledger/trial-balance?as_of=${day}`);
      expect(res.statusCode, res.body).toBe(200);
      const tb = res.json();
      expect(tb.balanced, day).toBe(true);
      const fromCsv = await csvSummed(day);
      const fromPage = (tb.accounts as Line[]).map((l) => ({
        code: l.code,
        debits: Math.round(l.debits * 100),
        credits: Math.round(l.credits * 100),
        summed_accounts: l.summed_accounts ?? 1,
      }));
      expect(fromPage, day).toEqual(
        expect.arrayContaining([...fromCsv.values()].map((l) => expect.objectContaining(l))),
      );
      expect(fromPage.length, day).toBe(fromCsv.size);
    }
    // The lines that sum many accounts say so, and name them with their count.
    const tb = (await get('/api/admin/ledger/trial-balance?as_of=2016-06-30')).json();
    const savings = tb.accounts.find((l: Line) => l.code === 'savings:*');
    expect(savings.summed_accounts).toBeGreaterThanOrEqual(2);
    expect(savings.name).toBe(
      `Members' savings (members: ${savings.summed_accounts.toLocaleString('en')})`,
    );
    expect(tb.accounts.find((l: Line) => l.code === `savings:${a.id}`)).toBeUndefined();
  });
});
