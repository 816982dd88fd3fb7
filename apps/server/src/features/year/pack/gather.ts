import type { Fils } from '@jamiya/money/fils';
import { directionOf, type Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../../db/client.ts';
import { addDaysToDate, lastDayOfPeriod } from '../../../lib/calendar.ts';
import { sentence, translate } from '../../../lib/i18n.ts';
import {
  accountNameIn,
  accountNames,
  closingLinesAt,
  memberAccountsAt,
  namedIncomeStatement,
  namedTrialBalance,
  postingsOfSpan,
  surplusOf,
  type LedgerPosting,
} from '../../ledger/public.ts';
import { getSettings } from '../../settings/public.ts';
import { memberRefsById, type MemberRef } from '../../users/public.ts';
import type { BookYearSpan } from '../years.ts';
import { letOthersIn } from '../../../lib/batches.ts';
import { money, SLICE, type Cell, type Pack, type Table } from './tables.ts';

// The accountant's pack of a year (issue 53, point 4; docs/domain/year.md): the general ledger,
// the trial balance before and after the close, the income statement, the balance sheet and
// the members' balances, whose totals agree with each other and with the ledger.

/** Where an entry came from, as the accountant traces it. */
function sourceOf(p: LedgerPosting): string {
  if (p.closing) return 'close';
  if (p.kind === 'reversal') return 'correction';
  if (p.kind === 'opening') return 'import';
  if (p.bankLineId !== null) return 'bank_line';
  if (p.paymentId !== null) return 'receipt';
  if (p.kind === 'journal') return 'by_hand';
  return 'app';
}

const who = (m: MemberRef | undefined) => (m ? `${m.name} (${m.unique_id})` : null);

/** Every posting, after each account's balance brought forward, with each account's running balance. */
async function generalLedger(
  postings: LedgerPosting[],
  opening: Map<string, Fils>,
  firstDay: string,
  name: (code: string) => string,
  member: (userId: number | null) => string | null,
): Promise<Table> {
  const running = new Map(opening);
  const rows: Cell[][] = [...opening]
    .filter(([, fils]) => fils !== 0)
    .map(([code, fils]) => [
      firstDay,
      null,
      'brought_forward',
      'brought_forward',
      code,
      name(code),
      null,
      null,
      null,
      null,
      money(fils),
    ]);
  for (const [i, p] of postings.entries()) {
    const balance = (running.get(p.code) ?? 0) + p.amountFils;
    running.set(p.code, balance);
    rows.push([
      p.day,
      String(p.entryId),
      p.kind,
      sourceOf(p),
      p.code,
      name(p.code),
      member(p.userId),
      p.memo,
      p.amountFils > 0 ? money(p.amountFils) : null,
      p.amountFils < 0 ? money(-p.amountFils) : null,
      money(balance),
    ]);
    // A year of 5,000 members is a hundred thousand postings: others' requests come in between.
    if (i % SLICE === SLICE - 1) await letOthersIn();
  }
  return {
    name: 'general-ledger',
    header: [
      'date',
      'entry',
      'kind',
      'source',
      'account',
      'account_name',
      'member',
      'memo',
      'debit_aed',
      'credit_aed',
      'balance_aed',
    ],
    rows,
  };
}

type Tb = Awaited<ReturnType<typeof namedTrialBalance>>;

function trialBalanceTable(name: string, tb: Tb): Table {
  return {
    name,
    header: ['kind', 'code', 'name', 'debits_aed', 'credits_aed', 'balance_aed'],
    rows: [
      ...tb.accounts.map((a) => [
        a.kind,
        a.code,
        a.name,
        money(a.debitsFils),
        money(a.creditsFils),
        money(a.balanceFils),
      ]),
      [
        'total',
        null,
        null,
        money(tb.totalDebitsFils),
        money(tb.totalCreditsFils),
        money(tb.totalDebitsFils - tb.totalCreditsFils),
      ],
    ],
  };
}

/** Assets, liabilities and equity at the year's end, after its close (before, when not closed). */
function balanceSheet(tb: Tb, closed: boolean, surplusNotClosed: Fils): Table {
  const section = (kind: 'asset' | 'liability' | 'equity', sign: 1 | -1) => {
    const lines = tb.accounts.filter((a) => a.kind === kind && a.balanceFils !== 0);
    const total = lines.reduce((s, a) => s + sign * a.balanceFils, 0);
    return {
      lines: lines.map((a) => [kind, a.code, a.name, money(sign * a.balanceFils)] as Cell[]),
      total,
    };
  };
  const assets = section('asset', 1);
  const liabilities = section('liability', -1);
  const equity = section('equity', -1);
  const open = closed ? 0 : surplusNotClosed;
  return {
    name: 'balance-sheet',
    header: ['section', 'code', 'name', 'amount_aed'],
    rows: [
      ...assets.lines,
      ['total_assets', null, null, money(assets.total)],
      ...liabilities.lines,
      ['total_liabilities', null, null, money(liabilities.total)],
      ...equity.lines,
      ...(closed ? [] : [['equity', null, 'surplus_not_closed', money(open)] as Cell[]]),
      ['total_equity', null, null, money(equity.total + open)],
      ['total_liabilities_and_equity', null, null, money(liabilities.total + equity.total + open)],
    ],
  };
}

/** The pack of `span` in `language`: a draft while the year is not closed. */
export async function gatherPack(
  db: DbOrTx,
  span: BookYearSpan,
  language: Language,
): Promise<Pack> {
  const firstDay = `${span.firstMonth}-01`;
  const lastDay = lastDayOfPeriod(span.lastMonth);
  const closed = span.row?.closedAt != null;
  // One read after another: their answers, read together, held the event loop for 0.28 s at
  // 5,000 members; one at a time, for 0.1 s at most.
  const postings = await postingsOfSpan(db, firstDay, lastDay);
  const broughtIn = await namedTrialBalance(db, addDaysToDate(firstDay, -1), language, true);
  const before = await namedTrialBalance(db, lastDay, language);
  const after = await namedTrialBalance(db, lastDay, language, true);
  const statement = await namedIncomeStatement(db, { from: firstDay, to: lastDay }, language);
  const members = await memberAccountsAt(db, lastDay);
  const { associationName } = await getSettings(db);
  // What the close moves (or would), read as the close itself reads it.
  const toSurplus = surplusOf(await closingLinesAt(db, lastDay));
  const names = await accountNames(db, [...new Set(postings.map((p) => p.code))]);
  const people = await memberRefsById(db, [
    ...members.map((m) => m.userId),
    ...postings.map((p) => p.userId),
  ]);
  const prefix = closed ? '' : 'DRAFT-';
  const total = (pick: (m: (typeof members)[number]) => Fils) =>
    members.reduce((s, m) => s + pick(m), 0);
  const tables: Table[] = [
    await generalLedger(
      postings,
      new Map(broughtIn.accounts.map((a) => [a.code, a.balanceFils])),
      firstDay,
      (code) => accountNameIn(code, language, names),
      (userId) => (userId === null ? null : who(people.get(userId))),
    ),
    trialBalanceTable('trial-balance-before-close', before),
    trialBalanceTable('trial-balance-after-close', after),
    {
      name: 'income-statement',
      header: ['section', 'code', 'name', 'amount_aed'],
      rows: [
        ...statement.income.map((l) => ['income', l.code, l.name, money(l.amountFils)] as Cell[]),
        ['total_income', null, null, money(statement.totalIncomeFils)],
        ...statement.expenses.map(
          (l) => ['expense', l.code, l.name, money(l.amountFils)] as Cell[],
        ),
        ['total_expenses', null, null, money(statement.totalExpensesFils)],
        ['surplus', null, null, money(statement.surplusFils)],
        ['shared_out', null, null, money(statement.sharedOutFils)],
        // What the close moves (or would): income less expenses as the books hold them at the
        // year's end, after the share-outs entered in the year, whichever period they shared.
        ['to_members_surplus', null, null, money(toSurplus)],
      ],
    },
    balanceSheet(closed ? after : before, closed, toSurplus),
    {
      name: 'member-balances',
      header: ['member_id', 'name', 'savings_aed', 'loans_aed', 'fines_aed'],
      rows: [
        ...members.map((m) => {
          const ref = people.get(m.userId);
          return [
            ref?.unique_id ?? String(m.userId),
            ref?.name ?? null,
            money(m.savingsFils),
            money(m.loansFils),
            money(m.finesFils),
          ] as Cell[];
        }),
        [
          'total',
          null,
          money(total((m) => m.savingsFils)),
          money(total((m) => m.loansFils)),
          money(total((m) => m.finesFils)),
        ],
      ],
    },
  ];
  const readme = [
    sentence(
      /*i18n*/ 'The accounts of {association} for the year {year}, {from} to {to}: the general ledger (one row a posting, with the balance each account brought forward and its running balance), the trial balance before and after the year’s close, the income and expenditure statement, the balance sheet at the year’s end, and each member’s savings, loans and fines, whose totals are the ledger’s. Each is a spreadsheet (XLSX) with a CSV beside it; amounts are in dirhams (AED).',
      {
        association: associationName,
        year: String(span.year),
        from: { day: firstDay },
        to: { day: lastDay },
      },
    ),
    ...(closed
      ? []
      : [
          sentence(
            /*i18n*/ 'DRAFT: the year {year} is not closed. Its figures may still change; every file of this draft is named so.',
            { year: String(span.year) },
          ),
        ]),
  ]
    .map((say) => translate(language, say))
    .join('\r\n\r\n');
  return {
    fileName: `jamiya-${span.year}-accounts${closed ? '' : '-DRAFT'}.zip`,
    prefix,
    readme: `${readme}\r\n`,
    tables,
    rightToLeft: directionOf(language) === 'rtl',
  };
}
