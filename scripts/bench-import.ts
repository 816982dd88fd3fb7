// npm run bench:import -- [--members 5000] [--loans 800] [--months 24] [--format csv|xlsx]
//                          [--pg] [--pg-url postgres://postgres@127.0.0.1:5432/postgres]
//
// Issue 36's figure: an association of 5,000 members with two years of history and 800 open
// loans, brought in from its spreadsheet: the dry run and the apply, each timed as the
// treasurer's request (multipart upload, the file read in its pool thread, every row checked,
// and for the apply the one transaction that writes it all), on a fresh embedded database (the
// default) or a fresh PostgreSQL database (--pg). Targets: 60 s each on PGlite, 30 s on
// PostgreSQL, on a 2-core machine. docs/performance.md keeps the figures.
import { parseArgs } from 'node:util';
import { multipartForm, withBenchApp } from './bench-support.ts';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { IMPORT_COLUMNS, type ImportColumn } from '../packages/contracts/src/imports.ts';
import { loanFigures } from '../packages/money/src/loan.ts';
import { trialBalance } from '../apps/server/src/features/ledger/balances.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../apps/server/src/lib/calendar.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '5000' },
    loans: { type: 'string', default: '800' },
    months: { type: 'string', default: '24' },
    format: { type: 'string', default: 'csv' },
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const MEMBERS = Number(args.members);
const LOANS = Number(args.loans);
const MONTHS = Number(args.months);

const asOfPeriod = addMonthsToPeriod(periodOf(localDate(new Date())), -1);
const asOf = `${asOfPeriod}-28`;

// Names as an association of the Gulf writes them: Latin, Arabic, Devanagari, Malayalam, Bengali.
const FIRST = ['Mohammed', 'فاطمة', 'अनिल', 'ശ്രീജിത്ത്', 'রহিম', 'Aisha', 'محمد', 'Priya'];
const LAST = ['Rafiq', 'الزهراء', 'शर्मा', 'നായർ', 'উদ্দিন', 'Khan', 'علی', 'Menon'];
const LANGUAGES = ['en', 'ar', 'hi', 'ml', 'bn', 'en', 'ur', 'ml'];

/** The association's rows: every member joined 24 to 36 months back, most paid up to lately. */
function rows(): Array<Record<ImportColumn, string>> {
  return Array.from({ length: MEMBERS }, (_, i) => {
    const joinedBack = MONTHS + (i % 13);
    const paidBack = i % 5 === 0 ? 3 : i % 7 === 0 ? 1 : 0;
    const months = joinedBack - paidBack + 1;
    const hasLoan = i < LOANS;
    const amountFils = (1000 + (i % 40) * 100) * 100;
    const termMonths = [6, 10, 12, 18, 24][i % 5]!;
    const disbursedBack = Math.min(joinedBack, (i % termMonths) + 1);
    const { perMonthFils } = loanFigures({ amountFils, termMonths });
    const repaidFils = perMonthFils * Math.max(0, disbursedBack - 1 - (i % 3 === 0 ? 1 : 0));
    return {
      name: `${FIRST[i % 8]} ${LAST[(i * 3) % 8]} ${i}`,
      email: `member${i}@bench.example`,
      mobile: `+971 5${i % 10} ${String(1_000_000 + i).slice(-7)}`,
      joined: addMonthsToPeriod(asOfPeriod, -joinedBack),
      passport_or_nid: `P${String(i).padStart(7, '0')}`,
      language: LANGUAGES[i % 8]!,
      savings: (months * 200).toLocaleString('en-US'),
      paid_through: addMonthsToPeriod(asOfPeriod, -paidBack),
      loan_amount: hasLoan ? String(amountFils / 100) : '',
      loan_term_months: hasLoan ? String(termMonths) : '',
      loan_disbursed: hasLoan ? addMonthsToPeriod(asOfPeriod, -disbursedBack) : '',
      loan_repaid: hasLoan ? (repaidFils / 100).toFixed(2) : '',
    };
  });
}

async function fileOf(data: Array<Record<ImportColumn, string>>): Promise<Buffer> {
  if (args.format === 'xlsx')
    return writeExcelFile([
      IMPORT_COLUMNS.map((c) => ({ value: c })),
      ...data.map((r) => IMPORT_COLUMNS.map((c) => ({ value: r[c] }))),
    ]).toBuffer();
  const quote = (v: string) => (/[",]/.test(v) ? `"${v}"` : v);
  return Buffer.from(
    '\uFEFF' +
      [
        IMPORT_COLUMNS.join(','),
        ...data.map((r) => IMPORT_COLUMNS.map((c) => quote(r[c])).join(',')),
      ].join('\r\n'),
  );
}

function form(file: Buffer, dryRun: boolean, auth: Record<string, string>) {
  return multipartForm(
    { as_of: asOf, opening_cash: '2500000', dry_run: String(dryRun) },
    { name: `association.${args.format}`, type: 'application/octet-stream', data: file },
    auth,
  );
}

const seconds = (start: bigint) => (Number(process.hrtime.bigint() - start) / 1e9).toFixed(1);

async function main() {
  await withBenchApp(
    { pg: args.pg, pgUrl: args['pg-url'], joinedOn: `${asOfPeriod}-01` },
    async ({ database, app, auth }) => {
      const { db } = database;
      const file = await fileOf(rows());
      console.log(
        `${database.kind}: ${MEMBERS} members, ${LOANS} open loans, ${MONTHS}+ months each; ` +
          `${args.format.toUpperCase()} of ${(file.length / 1024 / 1024).toFixed(2)} MB`,
      );

      let start = process.hrtime.bigint();
      const dry = await app.inject({
        method: 'POST',
        url: '/api/admin/imports',
        ...form(file, true, auth),
      });
      const dryTime = seconds(start);
      if (dry.statusCode !== 200 || dry.json().errors.length)
        throw new Error(`dry run: ${dry.statusCode} ${dry.body.slice(0, 500)}`);
      const figures = dry.json();
      console.log(
        `dry run: ${dryTime} s (${figures.members} members, ${figures.months_paid} months paid, ${figures.loans} loans)`,
      );

      start = process.hrtime.bigint();
      const apply = await app.inject({
        method: 'POST',
        url: '/api/admin/imports',
        ...form(file, false, auth),
      });
      const applyTime = seconds(start);
      if (apply.statusCode !== 201)
        throw new Error(`apply: ${apply.statusCode} ${apply.body.slice(0, 500)}`);
      const count = async (table: string) =>
        Number(
          (
            (await db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as {
              rows: Array<{ n: string }>;
            }
          ).rows[0]!.n,
        );
      console.log(
        `apply: ${applyTime} s (${await count('users')} users, ${await count('payments')} payments, ` +
          `${await count('loan_installments')} installments, ${await count('postings')} postings)`,
      );
      // The treasurer's pages opened next, on the statistics the import left.
      for (const url of ['/api/admin/members?limit=20', '/api/admin/arrears', '/api/admin/overview']) {
        start = process.hrtime.bigint();
        const res = await app.inject({ url, headers: auth });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        console.log(`then ${url}: ${seconds(start)} s`);
      }
      const tb = await trialBalance(db);
      if (!tb.balanced) throw new Error('the trial balance does not balance');
      console.log(`books balanced: debits = credits = ${tb.totalDebitsFils / 100} AED`);
    },
  );
}

await main();
