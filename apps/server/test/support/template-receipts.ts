import sharp from 'sharp';

// A made set for the duplicate-receipt check (issue 50, point 11): receipts of one exchange
// house's template, as members send them (a phone screenshot, JPEG), each with its own date,
// amount, reference, name and member ID, so that they differ only in their text; and the same
// receipt sent again as phones re-send it (smaller, re-compressed, as PNG).

export interface ReceiptText {
  date: string;
  amount: string;
  reference: string;
  name: string;
  memberId: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The n-th receipt's own words: no two alike. */
export function receiptText(n: number): ReceiptText {
  const day = 1 + (n % 28);
  const fils = (1000 + n * 37) % 100;
  return {
    date: `${String(day).padStart(2, '0')}/11/2026 ${String(8 + (n % 12)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`,
    amount: `AED ${200 + ((n * 50) % 800)}.${String(fils).padStart(2, '0')}`,
    reference: `TRX${String(48213077 + n * 7919).padStart(10, '0')}`,
    name: ['Ravi Kumar', 'Amina Begum', 'Joseph Thomas', 'Sadia Islam', 'Imran Khan'][n % 5]!,
    memberId: `JM${String(100 + n).padStart(6, '0')}`,
  };
}

/** One receipt of the template, 720 × 1280 as a phone screenshots it, JPEG 85. */
export function templateReceipt(text: ReceiptText): Promise<Buffer> {
  const row = (y: number, label: string, value: string) =>
    `<text x="48" y="${y}" font-size="26" fill="#6b7280">${label}</text>` +
    `<text x="672" y="${y}" font-size="30" font-weight="bold" text-anchor="end" fill="#111827">${escape(value)}</text>` +
    `<line x1="48" x2="672" y1="${y + 22}" y2="${y + 22}" stroke="#e5e7eb" stroke-width="2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" font-family="sans-serif">
    <rect width="720" height="1280" fill="#f3f4f6"/>
    <rect width="720" height="200" fill="#0f5132"/>
    <circle cx="110" cy="100" r="52" fill="#facc15"/>
    <text x="190" y="92" font-size="40" font-weight="bold" fill="#ffffff">Gulf Star Exchange</text>
    <text x="190" y="136" font-size="24" fill="#d1fae5">Transfer receipt</text>
    <rect x="24" y="240" width="672" height="860" rx="24" fill="#ffffff"/>
    <text x="360" y="320" font-size="28" text-anchor="middle" fill="#16a34a">Transfer successful</text>
    <text x="360" y="400" font-size="56" font-weight="bold" text-anchor="middle" fill="#111827">${escape(text.amount)}</text>
    ${row(500, 'Date', text.date)}
    ${row(580, 'Reference', text.reference)}
    ${row(660, 'Sender', text.name)}
    ${row(740, 'Member ID', text.memberId)}
    ${row(820, 'Beneficiary', 'Al Qusais Circle')}
    ${row(900, 'Account', 'AE07 0331 2345 6789 0123 456')}
    ${row(980, 'Bank', 'Emirates NBD')}
    <text x="360" y="1180" font-size="22" text-anchor="middle" fill="#6b7280">Thank you for choosing Gulf Star Exchange</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The same receipt sent again, as phones re-send a picture: each is the same picture. */
export async function sentAgain(receipt: Buffer): Promise<Record<string, Buffer>> {
  const image = () => sharp(receipt);
  return {
    'JPEG 40': await image().jpeg({ quality: 40 }).toBuffer(),
    'half size': await image().resize(360).jpeg({ quality: 80 }).toBuffer(),
    '40 % size, JPEG 40': await image().resize(288).jpeg({ quality: 40 }).toBuffer(),
    PNG: await image().png().toBuffer(),
    'WebP 60': await image().webp({ quality: 60 }).toBuffer(),
  };
}
