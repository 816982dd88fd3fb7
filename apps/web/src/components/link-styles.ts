// Links that look like the shared Button (same height, focus ring), for calls to action.
// One padding across each: a px-3 added after px-5 would not win (the stylesheet has px-3 first).
const shape =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg py-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';
const base = `${shape} px-5`;
const secondary =
  'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-700';

export const primaryLink = `${base} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`;
export const secondaryLink = `${base} ${secondary}`;
/** secondaryLink with less padding across, for links side by side in a narrow card. */
export const compactSecondaryLink = `${shape} px-3 ${secondary}`;
export const onDarkPrimaryLink = `${base} bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white`;
export const onDarkSecondaryLink = `${base} border border-white text-white hover:bg-white/10 focus-visible:outline-white`;
export const textLink =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';
