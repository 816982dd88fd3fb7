// The trial balance's table is drawn by hand
// (it has a totals row), so its cells are here.
export const tableWrap = 'overflow-x-auto';
export const headRow = 'border-b border-slate-200 text-slate-600';
export const th = 'px-2 py-2 text-start font-medium whitespace-nowrap md:px-3';
export const thEnd = 'px-2 py-2 text-end font-medium whitespace-nowrap md:px-3';
export const td = 'px-2 py-2 align-top md:px-3';
export const tdEnd = 'px-2 py-2 text-end align-top whitespace-nowrap tabular-nums md:px-3';
export const bodyRow = 'border-b border-slate-100 last:border-0';
