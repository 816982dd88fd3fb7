import sharp from 'sharp';
import { photoLike } from '../../apps/server/src/features/demo/demo-pictures.ts';
import { tryParseAed } from '../../packages/money/src/fils.ts';
import { formatMoney } from '../../packages/money/src/format.ts';

/**
 * An AED amount from the API as the app shows it in English ("AED 1,600", "AED 356.67"):
 * the same formatMoney the app's lib/format.ts calls, so the tests never restate the format.
 */
export function aedText(amount: number): string {
  const fils = tryParseAed(amount);
  if (fils === null) throw new Error(`not an AED amount: ${amount}`);
  return formatMoney(fils, 'en');
}

/** The same for integer fils (the figures of packages/money/src/loan.ts). */
export function filsText(fils: number): string {
  return formatMoney(fils, 'en');
}

/** The current month in Dubai, where the association is: its English name and "YYYY-MM". */
export function dubaiMonth(now = new Date()): { name: string; period: string; label: string } {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en', { timeZone: 'Asia/Dubai', ...options }).format(now);
  const year = part({ year: 'numeric' });
  const month = part({ month: '2-digit' });
  const name = part({ month: 'long' });
  return { name, period: `${year}-${month}`, label: `${name} ${year}` };
}

/** The month `back` months before this one in Dubai, as dubaiMonth gives it. */
export function dubaiMonthBefore(back: number): { name: string; period: string; label: string } {
  const [year, month] = dubaiMonth().period.split('-').map(Number) as [number, number];
  return dubaiMonth(new Date(Date.UTC(year, month - 1 - back, 15)));
}

/**
 * A small real JPEG (a receipt photo), a different picture at each call: one picture sent
 * twice is a possible duplicate receipt in the treasurer's review.
 */
export function jpegReceipt(): Promise<Buffer> {
  return photoLike(Math.floor(Math.random() * 2 ** 31), 240, 160);
}

/** A small real PNG (a profile photo). */
export function pngPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 128, height: 128, channels: 4, background: '#2f855a' } })
    .png()
    .toBuffer();
}

/**
 * A phone camera's photo of a printed bank receipt, as a member takes it: 12 megapixels (4000 ×
 * 3000), the paper a little turned on a grainy table, saved at the camera's JPEG quality; about
 * 4 MB. Its small print (the reference, the amount) is what must stay readable once shrunk.
 */
export async function receiptPhoto(): Promise<Buffer> {
  const lines = [
    'EMIRATES ISLAMIC BANK',
    'Al Qusais Branch, Dubai',
    '------------------------------',
    'FUNDS TRANSFER RECEIPT',
    'Date      25/11/2026 10:42',
    'Ref No    FT26329XK7Q41',
    'From      AE07 0331 2345 6789 0123 456',
    'To        JAMIYA SAVINGS GROUP',
    'Account   AE45 0260 0010 1234 5678 901',
    'Purpose   Monthly due November',
    '------------------------------',
    'AMOUNT    AED 200.00',
    'Charges   AED 0.00',
    '------------------------------',
    'Thank you for banking with us',
  ];
  const text = lines
    .map((line, i) => `<text x="60" y="${140 + i * 74}">${line.replace(/&/g, '&amp;')}</text>`)
    .join('');
  const receipt = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1350"><rect width="1500" height="1350" fill="#f4f1e8"/><g font-family="DejaVu Sans Mono, monospace" font-size="44" fill="#1f1f1f">${text}</g></svg>`,
  );
  const paper = await sharp(receipt)
    .resize(1800, 1620)
    .rotate(-4, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const width = 4000;
  const height = 3000;
  const table = await photoLike(7, width, height);
  const grain = Buffer.alloc(width * height);
  let state = 11;
  for (let i = 0; i < grain.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    grain[i] = 128 + ((state >> 16) % 24) - 12;
  }
  const noise = await sharp(grain, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(table)
    .composite([
      { input: paper, gravity: 'center' },
      { input: noise, blend: 'overlay' },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}
