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
