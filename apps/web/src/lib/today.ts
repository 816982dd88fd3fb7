// The association's days are Dubai's (packages/money/src/dates.ts), as the server's "today" is:
// a transfer or a cut-over dated after it is refused, whatever zone the phone is set to.
const DUBAI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Dubai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Dubai, as YYYY-MM-DD. */
export const dubaiToday = (now = new Date()) => DUBAI_DAY.format(now);
