// A worker that makes, and throws away, a number format and the date formats a member page's
// first render uses, in the page's language, then says so and ends. The first Intl format a
// page makes loads the language's data into ICU (about 20 ms on this project's machines,
// several times that on a cheap phone), and ICU keeps it for the whole process, workers
// included: made here, off the main thread while the page's code is on its way, it leaves the
// page's first render that much shorter (early.ts; docs/decisions/015 and 019).
const locale = self.name || 'en';
new Intl.NumberFormat(locale, {
  style: 'currency',
  currency: 'AED',
  currencyDisplay: 'code',
}).format(1);
// The date formats of @jamiya/money/format (English is read as en-AE there).
new Intl.DateTimeFormat(locale === 'en' ? 'en-AE' : locale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Dubai',
}).format(0);
// The app's first render waits for this, a moment at most (main.tsx).
self.postMessage(null);
self.close();
