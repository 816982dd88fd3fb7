import { numbersLocale } from './format.ts';

// Apart from format.ts, which every member's phone loads: only the treasurer's pages show these.

/** A share in per cent as a figure, with one decimal: 4.2 -> "4.2%". */
export function percentFigure(percent: number): string {
  return new Intl.NumberFormat(numbersLocale(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(percent / 100);
}
