import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvColumnsInPool, readStatementInPool } from './read-pool.ts';
import { detectFormat, readCsvColumns, readStatement } from './read-statement.ts';
import { StatementRefusedError, type CsvMapping, type Problem } from './read-types.ts';

// Issue: the treasurer imports the bank's statement, CSV, camt.053 or MT940. Each fixture is
// read to the fils and the day; every bad file gets the sentence that says what is wrong.

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const bytes = (text: string) => new TextEncoder().encode(text);

/** What readStatement refuses a file with. */
function problemsOf(input: Uint8Array, mapping?: CsvMapping): Problem[] {
  try {
    readStatement(input, mapping);
  } catch (error) {
    if (error instanceof StatementRefusedError) return error.problems;
    throw error;
  }
  throw new Error('The statement was read');
}
const messagesOf = (input: Uint8Array, mapping?: CsvMapping) =>
  problemsOf(input, mapping).map((p) => p.message);

const line = (
  row: number,
  bookedOn: string,
  amountFils: number,
  text: string,
  bankRef: string | null = null,
  balanceFils: number | null = null,
) => ({ row, bookedOn, amountFils, text, bankRef, balanceFils });

const BANK_CSV: CsvMapping = {
  date: 'Transaction Date',
  date_order: 'dmy',
  reference: 'Reference',
  description: 'Description',
  debit: 'Debit',
  credit: 'Credit',
  balance: 'Balance',
};
const SIMPLE: CsvMapping = { date: 'Date', amount: 'Amount', description: 'Text' };
const csv = (...rows: string[]) => bytes(['Date,Text,Amount', ...rows].join('\r\n'));

const NOT_A_STATEMENT =
  'The file is not a bank statement Jamiya can read: send a CSV, a camt.053 or an MT940 file.';
const DECLARATIONS =
  'This file declares a DOCTYPE or entities, which no camt.053 statement needs, so it is not read: send the file as the bank exported it.';
const OTHER_CURRENCY =
  'This statement is in {currency}, and the fund keeps its books in AED: send the statement of its AED account.';
const ZERO =
  "This line's amount is 0, so it moves no money: check the amount columns, or delete the line from the file.";

const camt = (body: string, currency = 'AED', prolog = '') =>
  bytes(
    `<?xml version="1.0"?>${prolog}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">` +
      `<BkToCstmrStmt><Stmt><Acct><Ccy>${currency}</Ccy></Acct>${body}</Stmt></BkToCstmrStmt></Document>`,
  );
const entry = (amount: string, more = '') =>
  `<Ntry><Amt Ccy="AED">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
  `<BookgDt><Dt>2026-01-05</Dt></BookgDt>${more}</Ntry>`;
const mt940 = (...body: string[]) =>
  bytes([':20:REF1', ':25:AE070331234567890123456', ':28C:1/1', ...body, '-'].join('\r\n'));

describe('each format, read to the fils and the day', () => {
  it('reads a camt.053.001.08: booked entries only, their remittance and payer, the balances', () => {
    const input = fixture('camt053.xml');
    expect(detectFormat(input)).toBe('camt053');
    expect(readStatement(input)).toEqual({
      format: 'camt053',
      from: '2026-01-05',
      to: '2026-01-28',
      openingBalanceFils: 2_500_000,
      closingBalanceFils: 2_460_050,
      lines: [
        line(1, '2026-01-05', 50_000, 'JM-000123 January dues · Ahmed Al Mansoori', 'FT26005ABCD1'),
        line(2, '2026-01-07', 125_050, 'JM-000245 · اشتراك يناير & ادخار · فاطمة الزهراء', '0002'),
        line(
          3,
          '2026-01-12',
          -300_000,
          'Loan disbursement to member JM-000087 · Rashid Khan',
          'FT26012XYZ9',
        ),
        line(4, '2026-01-20', 75_000, 'JM-000310 savings · Priya Nair', 'FT26020PN01'),
        line(5, '2026-01-28', 10_000, 'Profit share', 'PS2601'),
      ],
    });
  });

  it('reads a camt.053.001.02 of two statements: the first opening, the last closing', () => {
    const input = fixture('camt053-v2.xml');
    expect(detectFormat(input)).toBe('camt053');
    expect(readStatement(input)).toEqual({
      format: 'camt053',
      from: '2026-02-02',
      to: '2026-02-10',
      openingBalanceFils: 2_460_050,
      closingBalanceFils: 2_615_550,
      lines: [
        line(1, '2026-02-02', 60_000, 'JM-000123 Feb · Mohammed Saleh', '2026020200011'),
        line(2, '2026-02-03', -4_500, 'Bank charges', 'B2'),
        line(3, '2026-02-10', 100_000, 'JM-000402 · Anil Kumar', '2026021000042'),
      ],
    });
  });

  it('reads an MT940: the bank reference, else the customer one; a reversed debit is money in', () => {
    const input = fixture('mt940.txt');
    expect(detectFormat(input)).toBe('mt940');
    expect(readStatement(input)).toEqual({
      format: 'mt940',
      from: '2026-01-05',
      to: '2026-01-26',
      openingBalanceFils: 2_500_000,
      closingBalanceFils: 2_462_050,
      lines: [
        line(5, '2026-01-05', 50_000, 'Ahmed Al Mansoori JM-000123 January dues', 'FT26005ABCD1'),
        line(7, '2026-01-07', 125_050, 'فاطمة الزهراء JM-000245 اشتراك يناير', 'FT26007QWER2'),
        line(10, '2026-01-12', -300_000, 'Loan disbursement to member JM-000087', 'LOAN-0087'),
        line(12, '2026-01-20', 75_000, 'Savings · PRIYA NAIR CASH DEPOSIT', 'JM-000310'),
        // Booked on its entry date (26 January), a day after its value date.
        line(15, '2026-01-26', 12_000, 'Reversal of cheque 000123', 'FT26026REV1'),
      ],
    });
  });

  it("reads a UAE bank's CSV under its own lines, debits shown either way, with its balances", () => {
    const input = fixture('bank.csv');
    expect(detectFormat(input)).toBe('csv');
    expect(readCsvColumns(input)).toEqual({
      columns: [
        'Transaction Date',
        'Value Date',
        'Description',
        'Reference',
        'Debit',
        'Credit',
        'Balance',
      ],
      sample: [
        [
          '05/01/2026',
          '05/01/2026',
          'INWARD TRANSFER AHMED AL MANSOORI',
          'JM-000123',
          '',
          '500.00',
          '25,500.00',
        ],
        [
          '07/01/2026',
          '07/01/2026',
          'تحويل وارد فاطمة الزهراء اشتراك يناير',
          'JM-000245',
          '',
          '1,250.50',
          '26,750.50',
        ],
        [
          '12/01/2026',
          '12/01/2026',
          'OUTWARD TRANSFER LOAN DISBURSEMENT',
          'LN-0087',
          '3,000.00',
          '',
          '23,750.50',
        ],
        [
          '20/01/2026',
          '20/01/2026',
          'CASH DEPOSIT  PRIYA NAIR',
          'JM-000310',
          '',
          '750.00',
          '24,500.50',
        ],
        ['28/01/2026', '28/01/2026', 'BANK CHARGES', '', '-26.25', '', '24,474.25'],
      ],
      date_orders: { 'Transaction Date': 'dmy', 'Value Date': 'dmy' },
    });
    expect(readStatement(input, BANK_CSV)).toEqual({
      format: 'csv',
      from: '2026-01-05',
      to: '2026-01-28',
      openingBalanceFils: 2_500_000,
      closingBalanceFils: 2_447_425,
      lines: [
        line(
          4,
          '2026-01-05',
          50_000,
          'JM-000123 · INWARD TRANSFER AHMED AL MANSOORI',
          null,
          2_550_000,
        ),
        line(
          5,
          '2026-01-07',
          125_050,
          'JM-000245 · تحويل وارد فاطمة الزهراء اشتراك يناير',
          null,
          2_675_050,
        ),
        line(
          6,
          '2026-01-12',
          -300_000,
          'LN-0087 · OUTWARD TRANSFER LOAN DISBURSEMENT',
          null,
          2_375_050,
        ),
        line(7, '2026-01-20', 75_000, 'JM-000310 · CASH DEPOSIT PRIYA NAIR', null, 2_450_050),
        line(8, '2026-01-28', -2_625, 'BANK CHARGES', null, 2_447_425),
      ],
    });
  });

  it('reads a ; CSV with decimal commas, a trailing minus, parentheses and 2-digit years', () => {
    const input = fixture('bank-signed.csv');
    expect(
      readStatement(input, {
        date: 'Date',
        date_order: 'dmy',
        reference: 'Reference',
        description: 'Details',
        amount: 'Amount',
        balance: 'Balance',
        currency: 'Currency',
        decimal: ',',
      }),
    ).toEqual({
      format: 'csv',
      from: '2026-01-05',
      to: '2026-01-15',
      openingBalanceFils: 2_500_000,
      closingBalanceFils: 2_422_425,
      lines: [
        line(2, '2026-01-05', 150_000, 'JM-000123 · Ahmed Al Mansoori dues', null, 2_650_000),
        line(3, '2026-01-08', -300_000, 'FT26008 · Loan to member JM-000087', null, 2_350_000),
        line(4, '2026-01-09', -2_625, 'Bank charge', null, 2_347_375),
        line(5, '2026-01-15', 75_050, 'JM-000310 · Priya Nair', null, 2_422_425),
      ],
    });
  });
});

describe('amounts, days and scripts as banks write them', () => {
  it('reads Arabic-Indic digits, AED before or after, and each way of a negative', () => {
    const { lines } = readStatement(
      csv(
        '٠٥/٠١/٢٠٢٦,a,"AED ١٬٢٥٠٫٥٠"',
        '۰۶/۰۱/۲۰۲۶,b,۷۵۰.۰۰ AED',
        '07/01/26,c,-AED 10.00',
        '08-01-2026,d,"(1,000)"',
        '09.01.2026,e,20-',
        '10 Jan 2026,f,+0.5',
      ),
      { ...SIMPLE, date_order: 'dmy' },
    );
    expect(lines.map((l) => [l.bookedOn, l.amountFils])).toEqual([
      ['2026-01-05', 125_050],
      ['2026-01-06', 75_000],
      ['2026-01-07', -1_000],
      ['2026-01-08', -100_000],
      ['2026-01-09', -2_000],
      ['2026-01-10', 50],
    ]);
  });

  it('reads dates month first when told so, and ISO dates without being told', () => {
    const { lines } = readStatement(csv('01/31/2026,a,5', '2026-02-01,b,6'), {
      ...SIMPLE,
      date_order: 'mdy',
    });
    expect(lines.map((l) => l.bookedOn)).toEqual(['2026-01-31', '2026-02-01']);
    expect(readStatement(csv('2026-01-31,a,5'), SIMPLE).from).toBe('2026-01-31');
  });

  it('reads the order of day and month from the dates themselves when not told it', () => {
    // The first six could be either; 27/11 proves the day comes first, for every line.
    const rows = [
      '01/11/2026',
      '03/11/2026',
      '05/11/2026',
      '07/11/2026',
      '09/11/2026',
      '11/11/2026',
      '27/11/2026',
    ];
    const { lines } = readStatement(csv(...rows.map((d, i) => `${d},t${i},5`)), SIMPLE);
    expect(lines.map((l) => l.bookedOn)).toEqual([
      '2026-11-01',
      '2026-11-03',
      '2026-11-05',
      '2026-11-07',
      '2026-11-09',
      '2026-11-11',
      '2026-11-27',
    ]);
    expect(readStatement(csv('11/27/2026,a,5', '11/02/2026,b,5'), SIMPLE).from).toBe('2026-11-02');
    // Dates that never tell, or contradict each other, are still asked about.
    expect(JSON.stringify(messagesOf(csv('01/11/2026,a,5', '03/11/2026,b,5'), SIMPLE))).toContain(
      'say whether the day or the month comes first',
    );
    expect(JSON.stringify(messagesOf(csv('27/11/2026,a,5', '11/27/2026,b,5'), SIMPLE))).toContain(
      'say whether the day or the month comes first',
    );
  });

  it('takes the opening balance before the oldest line when the bank lists the newest first', () => {
    const statement = readStatement(
      bytes('Date,Amount,Balance\n2026-01-20,-50,950\n2026-01-10,200,1000\n'),
      { date: 'Date', amount: 'Amount', balance: 'Balance' },
    );
    expect([statement.from, statement.to]).toEqual(['2026-01-10', '2026-01-20']);
    expect([statement.openingBalanceFils, statement.closingBalanceFils]).toEqual([80_000, 95_000]);
  });

  it('reads a reversed credit as money out, and an entry booked in the new year', () => {
    const { lines } = readStatement(
      mt940(
        ':60F:C251230AED100,00',
        ':61:2512310102RC40,00NTRFNONREF',
        ':86:Reversal',
        ':62F:C260102AED60,00',
      ),
    );
    expect(lines).toEqual([line(5, '2026-01-02', -4_000, 'Reversal')]);
  });

  it('keeps words as written, without controls that turn text around, at most 500 characters', () => {
    const { lines } = readStatement(
      csv(`2026-01-05,"JM-1\u202e21 \n  ${'س'.repeat(600)}",5`),
      SIMPLE,
    );
    expect(lines[0]!.text).toBe(`JM-1 21 ${'س'.repeat(492)}`);
  });
});

describe('a bad file gets the sentence that says what is wrong', () => {
  it('refuses what is none of the three formats', () => {
    for (const input of [
      bytes('%PDF-1.7\n1 0 obj'),
      bytes('Dear treasurer'),
      bytes(
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>',
      ),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    ]) {
      expect(detectFormat(input)).toBeNull();
      expect(messagesOf(input)).toEqual([NOT_A_STATEMENT]);
    }
    expect(messagesOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))[0]).toMatch(/Excel workbook/);
    expect(messagesOf(new Uint8Array([0x44, 0x61, 0x74, 0x65, 0x2c, 0xe4, 0x0a, 0x31]))).toEqual([
      'This file is not saved as Unicode, so its Arabic would be lost: export it again as CSV UTF-8 and send it.',
    ]);
  });

  it('refuses a camt.053 with a DOCTYPE, before any parser reads it', () => {
    const external = camt(
      entry('5.00'),
      'AED',
      '<!DOCTYPE Document SYSTEM "http://example.test/x.dtd">',
    );
    expect(detectFormat(external)).toBe('camt053');
    expect(problemsOf(external)).toEqual([{ row: null, column: null, message: DECLARATIONS }]);
  });

  it('refuses entities, and never expands an XML bomb (a billion laughs)', () => {
    const laughs = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    ).join('');
    const bomb = camt(
      entry('5.00', '<AddtlNtryInf>&l9;</AddtlNtryInf>'),
      'AED',
      `<!DOCTYPE Document [<!ENTITY l0 "ha">${laughs}]>`,
    );
    const started = Date.now();
    expect(messagesOf(bomb)).toEqual([DECLARATIONS]);
    expect(Date.now() - started).toBeLessThan(10_000);
    // An entity declared nowhere is left as it is written: nothing expands it.
    const { lines } = readStatement(
      camt(entry('5.00', '<AddtlNtryInf>&l9; &amp; &#1575;</AddtlNtryInf>')),
    );
    expect(lines[0]!.text).toBe('&l9; & ا');
  });

  it('refuses a camt.053 in another currency, naming it', () => {
    expect(messagesOf(camt(entry('5.00'), 'USD'))).toEqual([
      { message: OTHER_CURRENCY, values: { currency: 'USD' } },
    ]);
    expect(messagesOf(camt(entry('5.00').replace('Ccy="AED"', 'Ccy="EUR"'), 'AED'))).toEqual([
      { message: OTHER_CURRENCY, values: { currency: 'EUR' } },
    ]);
  });

  it('says where a camt.053 is broken, and which entry lacks what', () => {
    expect(messagesOf(camt('<Ntry><Amt>5</Ntry>'))).toEqual([
      {
        message: 'The camt.053 file is broken near line {line}: {detail}.',
        values: { line: 1, detail: expect.stringContaining("Expected closing tag 'Amt'") },
      },
    ]);
    expect(
      problemsOf(
        camt(entry('5.00') + entry('7.00').replace('<BookgDt><Dt>2026-01-05</Dt></BookgDt>', '')),
      ),
    ).toEqual([
      {
        row: 2,
        column: 'BookgDt',
        message: {
          message:
            'The camt.053 file has no {field} where it needs one: export the statement again from the bank.',
          values: { field: 'BookgDt' },
        },
      },
    ]);
  });

  it('says where an MT940 is broken', () => {
    const broken = mt940(':60F:C251231AED100,00', ':61:26XX', ':62F:C251231AED100,00');
    expect(detectFormat(broken)).toBe('mt940');
    expect(problemsOf(broken)).toEqual([
      {
        row: 5,
        column: null,
        message: {
          message: 'The MT940 file is broken near line {line}: {detail}.',
          values: { line: 5, detail: 'Cannot parse tag 61: 26XX' },
        },
      },
    ]);
    expect(
      messagesOf(
        mt940(':60F:C251231AED100,00', ':61:2601050105C5,00NTRFX', ':62F:C260105AED100,00'),
      ),
    ).toEqual([
      {
        message: 'The MT940 file is broken: {detail}.',
        values: { detail: 'Sum of lines (5) != turnover (0) in group 1' },
      },
    ]);
  });

  it('says an MT940 without its opening balance is broken, rather than take it for a CSV', () => {
    expect(messagesOf(mt940(':61:2601050105C5,00NTRFX', ':62F:C260105AED105,00'))).toEqual([
      {
        message: 'The MT940 file is broken: {detail}.',
        values: { detail: 'Mandatory tag 60 is missing in group 1' },
      },
    ]);
  });

  it('refuses an MT940 in another currency', () => {
    expect(
      messagesOf(
        mt940(':60F:C251231EUR100,00', ':61:2601050105C5,00NTRFX', ':62F:C260105EUR105,00'),
      ),
    ).toEqual([{ message: OTHER_CURRENCY, values: { currency: 'EUR' } }]);
  });

  it('asks for the columns of a CSV that has none chosen, or no amount among them', () => {
    expect(messagesOf(csv('2026-01-05,a,5'))).toEqual([
      'Choose which columns of this CSV hold the date and the amount, then send it again.',
    ]);
    expect(messagesOf(csv('2026-01-05,a,5'), { date: 'Date', description: 'Text' })).toEqual([
      'Choose the column that holds the amount, or both the credit and the debit columns.',
    ]);
  });

  it('names a chosen column the header lacks', () => {
    expect(problemsOf(csv('2026-01-05,a,5'), { ...SIMPLE, amount: 'Betrag' })).toEqual([
      {
        row: 1,
        column: 'Betrag',
        message: {
          message: 'The file has no column {column}: choose one of the columns of its header.',
          values: { column: 'Betrag' },
        },
      },
    ]);
  });

  it('asks, once, whether the day or the month comes first, rather than guessing', () => {
    expect(problemsOf(csv('05/01/2026,a,5', '06/01/2026,b,6'), SIMPLE)).toEqual([
      {
        row: 2,
        column: 'Date',
        message: {
          message:
            'The dates are written like {value}: say whether the day or the month comes first.',
          values: { value: '05/01/2026' },
        },
      },
    ]);
  });

  it('names each wrong cell: a day that does not exist, three decimals, a 0 amount', () => {
    const problems = problemsOf(
      csv('31/02/2026,a,5', '01/03/2026,b,1.505', '02/03/2026,c,0.00', '03/03/2026,d,five'),
      { ...SIMPLE, date_order: 'dmy' },
    );
    expect(problems).toEqual([
      {
        row: 2,
        column: 'Date',
        message: {
          message:
            'There is no such day as {value}: check which comes first in the dates, the day or the month.',
          values: { value: '31/02/2026' },
        },
      },
      {
        row: 3,
        column: 'Amount',
        message: {
          message:
            'The amount {value} has more than two decimals, which no amount in AED has: check which mark separates its decimals.',
          values: { value: '1.505' },
        },
      },
      { row: 4, column: 'Amount', message: ZERO },
      {
        row: 5,
        column: 'Amount',
        message: {
          message:
            'The amount {value} is not a number: check that this is an amount column, and which mark separates its decimals.',
          values: { value: 'five' },
        },
      },
    ]);
  });

  it('says at most 50 problems, and refuses an empty statement', () => {
    const rows = Array.from({ length: 80 }, (_, i) => `2026-01-05,x${i},0`);
    expect(problemsOf(csv(...rows), SIMPLE)).toHaveLength(50);
    expect(messagesOf(csv(',note,'), SIMPLE)).toEqual([
      'This statement has no booked lines: export a period with payments in it and send it again.',
    ]);
  });

  it('refuses a cell over 1,000 characters as a problem, not a crash', () => {
    expect(problemsOf(csv(`2026-01-05,${'x'.repeat(1_001)},5`), SIMPLE)).toEqual([
      {
        row: 2,
        column: 'Text',
        message: {
          message:
            'A cell holds more than {max} characters, which no line of a bank statement does: check that this is the statement as the bank exported it.',
          values: { max: 1_000 },
        },
      },
    ]);
  });

  it('refuses more than 50,000 lines', () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `2026-01-05,m${i},1`);
    expect(messagesOf(csv(...rows), SIMPLE)).toEqual([
      {
        message:
          'A statement may hold at most {max} lines: export a shorter period and send it again.',
        values: { max: 50_000 },
      },
    ]);
  });
});

describe('what a review of the formats found', () => {
  it('refuses a camt.053 entry without a status, or booked on a day that does not exist', () => {
    expect(
      problemsOf(
        camt(
          entry('5.00').replace('<Sts><Cd>BOOK</Cd></Sts>', '') +
            entry('6.00').replace('2026-01-05', '2026-02-30'),
        ),
      ).map((p) => [p.row, p.column, p.message]),
    ).toEqual([
      [
        1,
        'Sts',
        {
          message:
            'The camt.053 file has no {field} where it needs one: export the statement again from the bank.',
          values: { field: 'Sts' },
        },
      ],
      [
        2,
        'BookgDt',
        {
          message:
            'The day {value} of this line does not exist: export the statement again from the bank.',
          values: { value: '2026-02-30' },
        },
      ],
    ]);
  });

  it('reads a CSV saved as UTF-16 ("Unicode text"), tab separated', () => {
    const text = '\ufeffDate\tText\tAmount\r\n2026-01-05\tدفعة\t5\r\n';
    const utf16 = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      utf16[2 * i] = text.charCodeAt(i) & 0xff;
      utf16[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    expect(readStatement(utf16, SIMPLE).lines).toEqual([line(2, '2026-01-05', 500, 'دفعة')]);
  });

  it('says the order of day and month the whole file proves, where its first rows cannot (issue 50)', () => {
    const early = ['01', '02', '03', '05', '09', '11'].map((d) => `${d}/11/2026,200.00,X`);
    const file = (last: string) =>
      new TextEncoder().encode(['Date,Amount,Description', ...early, last].join('\n'));
    const read = readCsvColumns(file('27/11/2026,50.00,Y'));
    expect(read.sample.map((row) => row[0])).toEqual(early.slice(0, 5).map((r) => r.slice(0, 10)));
    expect(read.date_orders).toEqual({ Date: 'dmy' });
    expect(readCsvColumns(file('11/27/2026,50.00,Y')).date_orders).toEqual({ Date: 'mdy' });
    expect(readCsvColumns(file('12/11/2026,50.00,Y')).date_orders).toEqual({});
  });

  it('has no columns to choose in a camt.053 or an MT940', () => {
    for (const input of [fixture('camt053.xml'), fixture('mt940.txt')])
      expect(() => readCsvColumns(input)).toThrow(StatementRefusedError);
  });
});

describe('in a pool thread', () => {
  it('reads a statement, and answers a refusal with its problems', async () => {
    const read = await readStatementInPool(fixture('camt053.xml'));
    expect(read.ok && read.statement.lines.map((l) => l.amountFils)).toEqual([
      50_000, 125_050, -300_000, 75_000, 10_000,
    ]);
    expect(await readStatementInPool(camt(entry('5.00'), 'USD'))).toEqual({
      ok: false,
      problems: [
        {
          row: null,
          column: null,
          message: { message: OTHER_CURRENCY, values: { currency: 'USD' } },
        },
      ],
    });
    const columns = await readCsvColumnsInPool(fixture('bank-signed.csv'));
    expect(columns.ok && columns.columns.columns).toEqual([
      'Date',
      'Reference',
      'Details',
      'Amount',
      'Balance',
      'Currency',
    ]);
  });
});
