// Issue 32, points 4 and 5: a member's upload must not hold the server. A PDF that inflates
// to a gigabyte is refused within seconds while the health check and the account answer
// within 200 ms; an upload that cannot succeed (not the member's loan, a loan not active, a
// month already under review) is refused before its file is looked at; and every upload
// counts against the member's quota, stored or not.
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../src/db/schema/loans.ts';
import { PDF_TOO_LARGE, pdfBomb } from './support/uploads.ts';
import {
  bearer,
  dubaiMonthStart,
  expectError,
  multipart,
  storedFileCount,
  thisMonthName,
  useTestApp,
} from './harness.ts';

const UPLOADS_PER_HOUR = 4;
const t = useTestApp({ uploadsPerHour: UPLOADS_PER_HOUR });

type Upload = { filename: string; contentType: string; data: Buffer };
const asPdf = (data: Buffer): Upload => ({
  filename: 'r.pdf',
  contentType: 'application/pdf',
  data,
});
const asPng = (data: Buffer): Upload => ({ filename: 'r.png', contentType: 'image/png', data });
// An SVG is never accepted (415): answered otherwise, the file was not looked at.
const SVG = {
  filename: 'r.svg',
  contentType: 'image/svg+xml',
  data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

async function member() {
  const user = await t.makeUser({ joinedOn: dubaiMonthStart() });
  return { id: user.id, token: await t.login(user.email) };
}
type Member = Awaited<ReturnType<typeof member>>;

function send(
  m: Member,
  url: string,
  fields: Record<string, string>,
  files: Record<string, Upload>,
) {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(m.token), ...form.headers },
    payload: form.payload,
  });
}
const repay = (m: Member, loanId: number, photo: Upload) =>
  send(m, `/api/my-loans/${loanId}/repayments`, { payment_amount: '100' }, { photo });
const payDues = (m: Member, photo: Upload, month = thisMonthName()) =>
  send(
    m,
    '/api/save-monthly-payment',
    { payment_amount: '200', month, account_number: 'AE07' },
    { photo },
  );
const writeWith = (m: Member, attachment: Upload) =>
  send(m, '/api/messages', { body: 'My receipt' }, { attachment });

async function loanOf(m: Member, state: 'pending' | 'active'): Promise<number> {
  const [loan] = await t.db
    .insert(loans)
    .values({
      userId: m.id,
      loanType: 'personal',
      amountFils: 100_000,
      termMonths: 3,
      interestPermille: 70,
      totalFils: 107_000,
      perMonthFils: 35_667,
      bankAccount: 'b',
      passportOrNid: 'p',
      state,
    })
    .returning({ id: loans.id });
  return loan!.id;
}

/**
 * Runs `work` while asking each probe again and again, one at a time; gives the work's result
 * and the slowest probe's time in ms.
 */
async function timedWhile<T>(work: Promise<T>, probes: (() => Promise<{ statusCode: number }>)[]) {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    for (const probe of probes) {
      const started = performance.now();
      const res = await probe();
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { result: await finished, slowestMs: Math.max(...times), probes: times.length };
}

describe('a PDF that inflates to a gigabyte', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await pdfBomb(1024 * 1024 * 1024);
  });

  // Tried up to three times: on a shared two-core machine, other work alone sometimes holds an
  // answer near 200 ms (measured with no upload at all), while a main thread held by a file
  // holds it for seconds on every try.
  it(
    'uploaded in a loop by one member, is refused within seconds while health and the account answer within 200 ms',
    { timeout: 120_000, retry: 2, tags: ['timing'] },
    async () => {
      expect(bomb.length).toBeLessThan(1_100_000);
      const sender = await member();
      const reader = await member();
      const stored = await storedFileCount(t.db);

      const answers: { status: number; message: string; ms: number }[] = [];
      const loop = (async () => {
        for (let i = 0; i < UPLOADS_PER_HOUR + 2; i++) {
          const started = performance.now();
          const res = await writeWith(sender, asPdf(bomb));
          const ms = performance.now() - started;
          answers.push({ status: res.statusCode, message: res.json().message, ms });
        }
      })();
      const { slowestMs, probes } = await timedWhile(loop, [
        () => t.app.inject({ url: '/api/health' }),
        () => t.app.inject({ url: '/api/my-account-data', headers: bearer(reader.token) }),
      ]);

      expect(probes).toBeGreaterThan(4);
      expect(slowestMs).toBeLessThan(200);
      // The refusal says what is wrong, and each comes within seconds.
      expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 429, 429]);
      for (const answer of answers.slice(0, UPLOADS_PER_HOUR))
        expect(answer.message).toBe(PDF_TOO_LARGE);
      expect(answers[UPLOADS_PER_HOUR]!.message).toMatch(/at most 4 files an hour/);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5_000);
      expect(await storedFileCount(t.db)).toBe(stored);
    },
  );
});

describe('an upload that cannot succeed is refused before its file is looked at', () => {
  it("answers 404 for another member's loan and for no loan at all", async () => {
    const owner = await member();
    const other = await member();
    const loanId = await loanOf(owner, 'active');

    expect(expectError(await repay(other, loanId, SVG), 404).message).toBe(
      'There is no such loan.',
    );
    expectError(await repay(other, 2_000_000_000, SVG), 404);
  });

  it('answers 409 for a loan that is not active', async () => {
    const m = await member();
    const loanId = await loanOf(m, 'pending');

    expectError(await repay(m, loanId, SVG), 409);
  });

  it('answers 409 for a month whose receipt is already under review', async () => {
    const m = await member();
    const photo = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#408020' },
    })
      .png()
      .toBuffer();
    expect((await payDues(m, asPng(photo))).statusCode).toBe(200);

    expectError(await payDues(m, SVG), 409);
  });
});

describe('every upload counts against the quota, stored or not', () => {
  it("counts uploads to another member's loan: 429 after the hourly limit", async () => {
    const owner = await member();
    const other = await member();
    const loanId = await loanOf(owner, 'active');
    // 36 megapixels in 116 KB: each used to be decoded and re-encoded before its 404.
    const flood = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();

    const statuses: number[] = [];
    for (let i = 0; i < UPLOADS_PER_HOUR + 2; i++)
      statuses.push((await repay(other, loanId, asPng(flood))).statusCode);

    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });

  it('counts files refused for what they are: 429 after the hourly limit', async () => {
    const m = await member();
    const statuses: number[] = [];
    for (let i = 0; i < UPLOADS_PER_HOUR + 1; i++)
      statuses.push((await writeWith(m, SVG)).statusCode);

    expect(statuses).toEqual([415, 415, 415, 415, 429]);
  });
});
