export const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
