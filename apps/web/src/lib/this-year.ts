import { useIsHydrated } from './use-is-hydrated.ts';

/** The year the build ran in (scripts/build-year.ts): the one its pages were drawn with. */
declare global {
  const __BUILD_YEAR__: number;
}

/**
 * This year, for a page's text. While React hydrates a page the build drew, the build's year,
 * so that a page drawn last December hydrates in January without a mismatch; this year from
 * the render after.
 */
export function useThisYear(): number {
  return useIsHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
}
