import { execFileSync } from 'node:child_process';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Language } from '@jamiya/contracts/languages';
import { clearanceFileName, clearanceLetterPdf, type ClearanceLetter } from './clearance-pdf.ts';

// The clearance letter of a member who left, in each script the members read: its text taken
// out of the PDF as pdf.js reads it (the glyphs as drawn) and, where poppler is installed (in
// CI always), as poppler reads it (the spans' ActualText: Indic words in reading order).

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('pdftotext is missing (Debian package poppler-utils)');
    return false;
  }
})();

// Savings of 12,345.67; a loan of 2,000 and 15 of fines taken from them, a share-out of 350.5
// added: 10,681.17 paid out.
const settled = {
  savingsFils: 1_234_567,
  shareOutFils: 35_050,
  loanRepaidFils: 200_000,
  finesPaidFils: 1_500,
  guaranteesTakenFils: 0,
  paidOutFils: 1_068_117,
};

const letterIn = (language: Language, name: string, change: Partial<ClearanceLetter> = {}) =>
  clearanceLetterPdf({
    associationName: 'Jamiya Savings Group',
    member: { name, uniqueId: 'M0012' },
    joinedOn: '2023-01-15',
    leftOn: '2026-03-31',
    ...settled,
    payTo: 'Emirates NBD AE070331234567890123456',
    issuedAt: new Date('2026-04-01T21:30:00Z'), // 2 April in Dubai
    language,
    ...change,
  });

/** The text as pdf.js (unpdf) reads it, bidi marks and runs of spaces taken out. */
async function pdfJsText(pdf: Buffer) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}

/** The text as poppler reads it: it follows the spans' ActualText, as Acrobat does. */
function popplerText(pdf: Buffer) {
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}

/** Each text item of page 1: its text, where it starts across the page and how far down. */
async function itemsOf(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const page = await document.getPage(1);
  const { items } = await page.getTextContent();
  const { width, height } = page.getViewport({ scale: 1 });
  return {
    width,
    items: items.flatMap((item) =>
      'str' in item && item.str.trim()
        ? [
            {
              text: item.str.trim(),
              x: item.transform[4] as number,
              end: (item.transform[4] as number) + item.width,
              down: height - (item.transform[5] as number),
            },
          ]
        : [],
    ),
  };
}

const AMOUNT = /^\d{1,3}(,\d{3})*(\.\d\d)?$/;

/**
 * The figures of the table from top to bottom: the amounts below its AED header and set
 * against the same edge, its end (the right one, the left one right to left).
 */
async function amountColumn(pdf: Buffer, direction: 'ltr' | 'rtl' = 'ltr') {
  const { items } = await itemsOf(pdf);
  const header = items.find((item) => item.text === 'AED');
  expect(header, 'the AED header').toBeDefined();
  const edge = (item: { x: number; end: number }) => (direction === 'ltr' ? item.end : item.x);
  return items
    .filter(
      (item) =>
        AMOUNT.test(item.text) &&
        item.down > header!.down &&
        Math.abs(edge(item) - edge(header!)) < 1,
    )
    .sort((a, b) => a.down - b.down)
    .map((item) => item.text);
}

describe('the clearance letter', () => {
  it('names the file by the member ID alone', () => {
    expect(clearanceFileName('M0012')).toBe('clearance-letter-M0012.pdf');
    expect(clearanceFileName('M0012"/../x')).toBe('clearance-letter-M0012x.pdf');
  });

  it('says in English who was a member, the figures and that nobody owes anything', async () => {
    const pdf = await letterIn('en', 'Imran Khan');
    const text = await pdfJsText(pdf);
    expect(text).toContain('Jamiya Savings Group Clearance letter');
    expect(text).toContain(
      'This letter confirms that Imran Khan (member M0012) was a member of Jamiya Savings Group from 15 January 2023 to 31 March 2026.',
    );
    expect(text).toContain('Savings 12,345.67');
    expect(text).toContain('Share-out paid at exit 350.50');
    expect(text).toContain('Loan repaid from savings 2,000');
    expect(text).toContain('Late fines paid from savings 15');
    expect(text).toContain('Paid out to you (to Emirates NBD AE070331234567890123456) 10,681.17');
    expect(text).toContain(
      'Imran Khan owes the association nothing, and the association owes Imran Khan nothing.',
    );
    expect(text).toContain('Issued on 2 April 2026.');
    expect(await amountColumn(pdf)).toEqual(['12,345.67', '350.50', '2,000', '15', '10,681.17']);
    // The document's title, as a reader's window shows it; one page.
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const { info } = await document.getMetadata();
    expect((info as { Title?: string }).Title).toBe('Clearance letter of Imran Khan (M0012)');
    expect(document.numPages).toBe(1);
  });

  it('leaves out the lines the settlement did not have', async () => {
    const pdf = await letterIn('en', 'Imran Khan', {
      shareOutFils: 0,
      loanRepaidFils: 0,
      finesPaidFils: 0,
      paidOutFils: 1_234_567,
    });
    const text = await pdfJsText(pdf);
    expect(text).toContain('Savings 12,345.67 Paid out to you');
    expect(text).not.toContain('Share-out');
    expect(text).not.toContain('Loan repaid');
    expect(text).not.toContain('Late fines');
    expect(await amountColumn(pdf)).toEqual(['12,345.67', '12,345.67']);
    expect(text).toContain('owes the association nothing');
  });

  it('writes Malayalam with its title, the name and the amounts', async () => {
    // No fines: 10,696.17 paid out.
    const pdf = await letterIn('ml', 'അനിൽ കുമാർ', { finesPaidFils: 0, paidOutFils: 1_069_617 });
    // pdf.js reads the glyphs as drawn (a vowel sign before its consonant); the figures are
    // Latin and read the same everywhere.
    const text = await pdfJsText(pdf);
    expect(text).toContain('M0012');
    expect(text).toContain('Emirates NBD AE070331234567890123456');
    expect(await amountColumn(pdf)).toEqual(['12,345.67', '350.50', '2,000', '10,696.17']);
    if (hasPoppler) {
      const read = popplerText(pdf);
      expect(read).toContain('ക്ലിയറൻസ് ലെറ്റർ');
      expect(read).toContain('അനിൽ കുമാർ');
      expect(read).toContain('സമ്പാദ്യം');
      expect(read).toContain('സംഘം വിടുമ്പോൾ ലഭിച്ച ലാഭവിഹിതം');
      expect(read).toContain('സംഘത്തിന് ഒന്നും നൽകാനില്ല');
      // The fines' line is left out; the months are named in full, in Malayalam.
      expect(read).not.toContain('പിഴ');
      expect(read).toContain('ജനുവരി 15');
      expect(read).toContain('ഏപ്രിൽ');
    }
  });

  it('writes Arabic right to left: the labels at the right, the amounts at the left', async () => {
    const pdf = await letterIn('ar', 'أمينة الفاسي');
    // pdf.js joins runs of another direction without their spaces.
    const text = await pdfJsText(pdf);
    for (const words of ['خطاب براءة ذمة', 'أمينة الفاسي', 'المدخرات', 'أي مستحقات للجمعية'])
      expect(text).toContain(words);
    expect(text).toContain('M0012');
    expect(text).toContain('Emirates NBD AE070331234567890123456');
    expect(text).toMatch(/15\s*يناير\s*2023/);
    expect(text).toMatch(/31\s*مارس\s*2026/);
    // The figures against the left edge, in the order of the rows.
    expect(await amountColumn(pdf, 'rtl')).toEqual([
      '12,345.67',
      '350.50',
      '2,000',
      '15',
      '10,681.17',
    ]);
    // The title and the labels end at the right margin.
    const { width, items } = await itemsOf(pdf);
    const at = (wanted: string) => {
      const item = items.find((i) => i.text.includes(wanted));
      expect(item, wanted).toBeDefined();
      return item!;
    };
    expect(at('براءة').end).toBeGreaterThan(width - 50);
    expect(at('المدخرات').end).toBeGreaterThan(width - 50);
    expect(at('12,345.67').end).toBeLessThan(width / 2);
    if (hasPoppler) {
      const read = popplerText(pdf);
      expect(read).toContain('ليس على أمينة الفاسي أي مستحقات للجمعية');
      expect(read).toContain('يؤكد هذا الخطاب عضوية أمينة الفاسي');
    }
  });

  // Issue 50, point 21: the letter read back "المبلغ المدفوع لك )إلى (Emirates NBD AE…", a
  // bracket turned on each side of the account, as a reader copies it or a screen reader says
  // it: a reader orders a right-to-left line itself and cannot tell where a bracket (or an
  // Arabic comma) drawn against Latin letters belongs. Where the money went stands between
  // words, with no bracket.
  it.each([
    ['ar', 'المبلغ المدفوع لك إلى Emirates NBD AE070331234567890123456'],
    ['ur', 'آپ کو Emirates NBD AE070331234567890123456 میں ادا کی گئی رقم'],
  ] as const)('reads where the money went in %s in order, no bracket turned', async (l, line) => {
    if (!hasPoppler) return;
    const pdf = await letterIn(l, 'أمينة الفاسي');
    const lines = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().split('\n');
    const paidOut = lines.find((text) => text.includes('Emirates')) ?? '';
    // In reading order, the spaces aside: poppler drops the one where the direction turns.
    const squeezed = (text: string) => text.replace(/[\s\u202a-\u202e]/g, '');
    expect(squeezed(paidOut)).toBe(squeezed(line));
  });

  it.each([
    ['hi', 'राहुल शर्मा', 'क्लियरेंस लेटर'],
    ['ur', 'عمران خان', 'کلیئرنس لیٹر'],
    ['bn', 'রহিম উদ্দিন', 'ছাড়পত্র'],
  ] as const)('writes %s with its title and the name', async (language, name, title) => {
    const pdf = await letterIn(language, name);
    expect(await amountColumn(pdf, language === 'ur' ? 'rtl' : 'ltr')).toEqual([
      '12,345.67',
      '350.50',
      '2,000',
      '15',
      '10,681.17',
    ]);
    expect(await pdfJsText(pdf)).toContain('M0012');
    if (hasPoppler) {
      const read = popplerText(pdf);
      expect(read).toContain(title);
      expect(read).toContain(name);
    }
  });
});
