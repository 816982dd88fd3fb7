import { directionOf, type Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { AnnualReport, YearFigures } from '@jamiya/contracts/year-report';
import { filsToAed, parseAed } from '@jamiya/money/fils';
import { barChart, lineChart } from '../../../lib/charts/charts.ts';
import { textsIn } from '../../../lib/i18n.ts';
import {
  reportAmount,
  type ReportBlock,
  type ReportColumn,
  type ReportDocument,
  type ReportRow,
} from '../../ledger/public.ts';

// The annual report as a document the books' reports draw (ledger/report-pdf.ts, report-html.ts):
// each statement beside the year before, the charts with their figures (issue 53 point 3).

const WIDTH = 515;

/** AED amounts added in fils: 1234.56 + 0.1 in floating point is 1234.6599999999999. */
const plus = (...amounts: number[]) =>
  filsToAed(amounts.reduce((sum, aed) => sum + parseAed(aed), 0));
type Line = YearFigures['income'][number];

/** A month's short name on a chart's axis: "Nov", "نوفمبر". */
const shortMonth = (month: string, language: Language) =>
  new Intl.DateTimeFormat(`${language}-u-nu-latn`, { month: 'short', timeZone: 'UTC' }).format(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15),
  );

export function reportDocument(
  report: AnnualReport,
  language: Language,
  madeAt: Date,
  charge: LoanCharge,
): ReportDocument {
  const i18n = textsIn(language);
  const { current, previous } = report;
  const amount = (aed: number | undefined) =>
    aed === undefined ? '—' : reportAmount(parseAed(aed), language, true);
  const columns: ReportColumn[] = [
    { header: i18n._('year.report.account'), width: 255, align: 'start' },
    { header: String(current.year), width: 130, align: 'end' },
    ...(previous ? [{ header: String(previous.year), width: 130, align: 'end' as const }] : []),
  ];
  const row = (label: string, now: number, before?: number, isBold = false): ReportRow => ({
    cells: [label, amount(now), ...(previous ? [amount(before)] : [])],
    ...(isBold ? { style: { isBold: true } } : {}),
  });
  /** Each line of either year, by its code, this year's name first. */
  const lines = (pick: (f: YearFigures) => Line[]): ReportRow[] => {
    const before = new Map((previous ? pick(previous) : []).map((l) => [l.code, l]));
    const codes = [...new Set([...pick(current).map((l) => l.code), ...before.keys()])];
    const now = new Map(pick(current).map((l) => [l.code, l]));
    return codes.map((code) =>
      row(
        (now.get(code) ?? before.get(code))!.name,
        now.get(code)?.amount ?? 0,
        before.get(code)?.amount ?? 0,
      ),
    );
  };
  const table = (rows: ReportRow[], cols = columns): ReportBlock => ({ columns: cols, rows });
  // A table of figures, not of accounts: no heading over its labels.
  const figures = columns.map((c, i) => (i === 0 ? { ...c, header: '' } : c));
  const sheet = (f: YearFigures) => f.balance_sheet;
  const bars = (items: Array<[string, number]>) =>
    barChart(
      items.map(([label, value]) => ({ label, value, shown: amount(value) })),
      { width: WIDTH, isRtl: directionOf(language) === 'rtl' },
    );
  const chargeName = i18n._('year.report.source.interest', { charge });

  const blocks: ReportBlock[] = [
    { heading: i18n._('year.report.incomeStatement') },
    table([
      ...lines((f) => f.income),
      row(i18n._('year.report.totalIncome'), current.total_income, previous?.total_income, true),
      ...lines((f) => f.expenses),
      row(
        i18n._('year.report.totalExpenses'),
        current.total_expenses,
        previous?.total_expenses,
        true,
      ),
      row(i18n._('year.report.surplus'), current.surplus, previous?.surplus, true),
      row(i18n._('year.report.sharedOut'), current.shared_out, previous?.shared_out),
    ]),
    { heading: i18n._('year.report.incomeBySource') },
    {
      chart: bars([
        [chargeName, current.income_by_source.interest],
        [i18n._('year.report.source.fines'), current.income_by_source.fines],
        [i18n._('year.report.source.other'), current.income_by_source.other],
      ]),
    },
    { heading: i18n._('year.report.expensesByAccount') },
    current.expenses.length
      ? { chart: bars(current.expenses.map((l) => [l.name, l.amount])) }
      : { note: i18n._('year.report.noExpenses') },
    { heading: i18n._('year.report.balanceSheet', { day: { day: current.to } }) },
    table([
      ...lines((f) => sheet(f).assets),
      row(
        i18n._('year.report.totalAssets'),
        sheet(current).total_assets,
        previous ? sheet(previous).total_assets : undefined,
        true,
      ),
      ...lines((f) => sheet(f).liabilities),
      ...lines((f) => sheet(f).equity),
      row(
        i18n._('year.report.totalLiabilitiesAndEquity'),
        plus(sheet(current).total_liabilities, sheet(current).total_equity),
        previous
          ? plus(sheet(previous).total_liabilities, sheet(previous).total_equity)
          : undefined,
        true,
      ),
    ]),
    { heading: i18n._('year.report.membersAndSavings') },
    {
      columns: figures,
      rows: (
        [
          [/*i18n*/ 'year.report.membersStart', (f) => f.members.start],
          [/*i18n*/ 'year.report.membersJoined', (f) => f.members.joined],
          [/*i18n*/ 'year.report.membersLeft', (f) => f.members.left],
          [/*i18n*/ 'year.report.membersEnd', (f) => f.members.end],
        ] as Array<[`year.${string}`, (f: YearFigures) => number]>
      ).map(([id, pick]) => ({
        cells: [i18n._(id), String(pick(current)), ...(previous ? [String(pick(previous))] : [])],
      })),
    },
    table(
      [
        row(i18n._('year.report.savingsStart'), current.savings.start, previous?.savings.start),
        row(i18n._('year.report.savingsEnd'), current.savings.end, previous?.savings.end, true),
      ],
      figures,
    ),
    { heading: i18n._('year.report.loans') },
    table(
      (
        [
          [/*i18n*/ 'year.report.loansPaidOut', (f) => f.loans.paid_out],
          [/*i18n*/ 'year.report.loansRepaid', (f) => f.loans.repaid],
          [/*i18n*/ 'year.report.loansWrittenOff', (f) => f.loans.written_off],
          [/*i18n*/ 'year.report.loansRecovered', (f) => f.loans.recovered],
          [/*i18n*/ 'year.report.loansOutstanding', (f) => f.loans.outstanding_end],
        ] as Array<[`year.${string}`, (f: YearFigures) => number]>
      ).map(([id, pick]) => row(i18n._(id), pick(current), previous ? pick(previous) : undefined)),
      figures,
    ),
    { heading: i18n._('year.report.par30') },
    {
      chart: lineChart(
        current.par30.map((p) => ({
          label: shortMonth(p.month, language),
          value: p.percent,
          shown: `${p.percent}`,
        })),
        { width: WIDTH, height: 150, unit: ' %' },
      ),
    },
    { note: i18n._('year.report.par30Note') },
    { heading: i18n._('year.report.shareOut') },
    current.share_outs.length
      ? {
          columns: [
            { header: i18n._('year.report.period'), width: 215, align: 'start' },
            { header: chargeName, width: 100, align: 'end' },
            { header: i18n._('year.report.shareOutOther'), width: 100, align: 'end' },
            { header: i18n._('year.report.shareOutShared'), width: 100, align: 'end' },
          ],
          rows: current.share_outs.map((s) => ({
            cells: [
              i18n._('year.report.span', { from: { day: s.starts_on }, to: { day: s.ends_on } }),
              amount(s.parts.interest),
              amount(plus(s.parts.shared, -s.parts.interest)),
              amount(s.parts.shared),
            ],
          })),
        }
      : { note: i18n._('year.report.noShareOut') },
  ];

  return {
    language,
    associationName: report.association,
    title: i18n._('year.report.title', {
      year: String(report.year),
      draft: String(report.is_draft),
    }),
    facts: [
      [
        i18n._('year.report.yearFacts'),
        i18n._('year.report.span', { from: { day: current.from }, to: { day: current.to } }),
      ],
      [i18n._('year.report.madeOn'), i18n._('year.report.day', { day: { day: madeAt } })],
      ...(report.is_draft
        ? [[i18n._('year.report.status'), i18n._('year.report.draftNote')] as [string, string]]
        : []),
    ],
    blocks,
  };
}
