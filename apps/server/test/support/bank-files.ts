// Bank statements written for a test, in the structure each standard publishes (the fixtures
// in features/bank/fixtures are the same, with fixed days): an ISO 20022 camt.053.001.08, a
// SWIFT MT940 and a bank's CSV export, each with its opening and closing balances.

/** One entry of the account, as the bank books it. */
export interface BankEntry {
  day: string;
  /** Money in above 0, out below. */
  amountFils: number;
  /** The bank's own reference: what makes the entry the same in another statement. */
  ref: string;
  /** The remittance information the payer wrote. */
  text: string;
  /** Who paid (money in) or was paid (money out). */
  party?: string;
}

const aed = (fils: number, decimal = '.') => {
  const abs = Math.abs(fils);
  return `${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
};
const closingOf = (openingFils: number, entries: BankEntry[]) =>
  entries.reduce((sum, e) => sum + e.amountFils, openingFils);
const byDay = (entries: BankEntry[]) => [...entries].sort((a, b) => a.day.localeCompare(b.day));
/** What heads either statement: its entries by day, its currency, its first and last day. */
const statementOf = (entries: BankEntry[], currency = 'AED') => {
  const sorted = byDay(entries);
  const first = sorted[0]?.day ?? '2026-01-01';
  return { sorted, currency, first, last: sorted.at(-1)?.day ?? first };
};
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A camt.053 of one statement: booked entries, the opening and closing balances. */
export function camt053(
  openingFils: number,
  entries: BankEntry[],
  options: { currency?: string } = {},
): Buffer {
  const { sorted, currency, first, last } = statementOf(entries, options.currency);
  const balance = (code: string, fils: number, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>` +
    `<Amt Ccy="${currency}">${aed(fils)}</Amt><CdtDbtInd>${fils < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>` +
    `<Dt><Dt>${day}</Dt></Dt></Bal>`;
  const entry = (e: BankEntry, n: number) => {
    const party = e.amountFils > 0 ? 'Dbtr' : 'Cdtr';
    return [
      `<Ntry><NtryRef>${n + 1}</NtryRef>`,
      `<Amt Ccy="${currency}">${aed(e.amountFils)}</Amt>`,
      `<CdtDbtInd>${e.amountFils > 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd>`,
      `<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${e.day}</Dt></BookgDt><ValDt><Dt>${e.day}</Dt></ValDt>`,
      `<AcctSvcrRef>${escapeXml(e.ref)}</AcctSvcrRef>`,
      '<NtryDtls><TxDtls>',
      e.party
        ? `<RltdPties><${party}><Pty><Nm>${escapeXml(e.party)}</Nm></Pty></${party}></RltdPties>`
        : '',
      `<RmtInf><Ustrd>${escapeXml(e.text)}</Ustrd></RmtInf>`,
      '</TxDtls></NtryDtls></Ntry>',
    ].join('');
  };
  return Buffer.from(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
      '<BkToCstmrStmt><GrpHdr><MsgId>JAMIYA-TEST</MsgId><CreDtTm>2026-01-01T06:00:00+04:00</CreDtTm></GrpHdr>',
      '<Stmt><Id>STMT-1</Id>',
      `<Acct><Id><IBAN>AE070331234567890123456</IBAN></Id><Ccy>${currency}</Ccy></Acct>`,
      balance('OPBD', openingFils, first),
      balance('CLBD', closingOf(openingFils, sorted), last),
      ...sorted.map(entry),
      '</Stmt></BkToCstmrStmt></Document>',
      '',
    ].join('\n'),
  );
}

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');

/** An MT940 of one statement: a :61: and :86: per entry, its :60F: and :62F: balances. */
export function mt940(
  openingFils: number,
  entries: BankEntry[],
  options: { currency?: string } = {},
): Buffer {
  const { sorted, currency, first, last } = statementOf(entries, options.currency);
  const balance = (tag: string, fils: number, day: string) =>
    `:${tag}:${fils < 0 ? 'D' : 'C'}${yymmdd(day)}${currency}${aed(fils, ',')}`;
  const lines = sorted.flatMap((e) => [
    `:61:${yymmdd(e.day)}${e.day.slice(5).replace('-', '')}${e.amountFils > 0 ? 'C' : 'D'}` +
      `${aed(e.amountFils, ',')}NTRFNONREF//${e.ref}`,
    `:86:${[e.party, e.text].filter(Boolean).join(' ')}`,
  ]);
  return Buffer.from(
    [
      ':20:STMT-1',
      ':25:AE070331234567890123456',
      ':28C:00001/001',
      balance('60F', openingFils, first),
      ...lines,
      balance('62F', closingOf(openingFils, sorted), last),
      '-',
      '',
    ].join('\r\n'),
  );
}

/**
 * A bank's CSV export (Date, Reference, Description, Amount, Balance): one signed amount and
 * the running balance after each line.
 */
export function bankCsv(openingFils: number, entries: BankEntry[]): Buffer {
  let balance = openingFils;
  const rows = byDay(entries).map((e) => {
    balance += e.amountFils;
    const text = [e.party, e.text].filter(Boolean).join(' ').replace(/"/g, '""');
    return `${e.day},${e.ref},"${text}",${e.amountFils < 0 ? '-' : ''}${aed(e.amountFils)},${balance < 0 ? '-' : ''}${aed(balance)}`;
  });
  return Buffer.from(['Date,Reference,Description,Amount,Balance', ...rows].join('\n') + '\n');
}
