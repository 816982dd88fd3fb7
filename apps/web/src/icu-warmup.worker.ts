// A worker that makes, and throws away, one number format and one date format in the page's
// language, then ends. The first Intl format a page makes loads the language's data into ICU
// (about 20 ms on this project's machines, several times that on a cheap phone), and ICU keeps
// it for the whole process, workers included: made here, off the main thread while the page's
// code is on its way, it leaves the page's first render that much shorter (early.ts,
// docs/decisions/015-what-a-member-page-loads-first.md).
const locale = self.name || 'en';
new Intl.NumberFormat(locale, {
  style: 'currency',
  currency: 'AED',
  currencyDisplay: 'code',
}).format(1);
new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
self.close();
