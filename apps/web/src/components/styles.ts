// Class names the pages of several features share.

/** A white panel, the unit the treasurer's pages are built of. */
export const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';

/** A link inside a table or a sentence of the treasurer's pages: bold, underlined on hover. */
export const tableLink =
  'rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** A link that looks like the primary button (components/button.tsx): WhatsApp, a download. */
export const buttonLink =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
