import type { SVGProps } from 'react';

// Inline illustrations: no extra request on a slow phone connection, and they take the
// brand colours. They carry no text, so they need no translation. The landing page's are in
// features/landing, the other public pages' in features/public; what both use is here.
export const TEAL = '#0f766e';
export const TEAL_DARK = '#134e4a';
export const TEAL_LIGHT = '#ccfbf1';
export const TEAL_PALE = '#f0fdfa';
export const GOLD = '#f59e0b';
export const GOLD_DARK = '#b45309';
export const GOLD_LIGHT = '#fcd34d';

export type IllustrationProps = SVGProps<SVGSVGElement>;

/** A 64 px round picture beside a text. */
export const iconBase = (props: IllustrationProps) => ({
  viewBox: '0 0 64 64',
  width: 64,
  height: 64,
  'aria-hidden': true,
  ...props,
});

export function SecurityIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <path d="M32 10 L50 17 V31 C50 43 42 51 32 55 C22 51 14 43 14 31 V17 Z" fill={TEAL} />
      <path d="M32 16 L45 21 V31 C45 40 39 46 32 49 Z" fill={TEAL_DARK} opacity={0.35} />
      <path
        d="M23 32 l6 6 l12 -12"
        stroke="#ffffff"
        strokeWidth={4}
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
