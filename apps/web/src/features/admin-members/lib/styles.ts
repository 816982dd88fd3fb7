// Class names shared by this feature's pages.
export const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
export const textLink =
  'rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
