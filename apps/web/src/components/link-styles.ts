// Links that look like the shared Button (same height, focus ring), for calls to action.
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

export const primaryLink = `${base} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`;
export const secondaryLink = `${base} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-700`;
export const onDarkPrimaryLink = `${base} bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white`;
export const onDarkSecondaryLink = `${base} border border-white text-white hover:bg-white/10 focus-visible:outline-white`;
export const textLink =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';
