/**
 * The association's mark (public/favicon.svg, the tab's icon), drawn in the page: as an image
 * it was one more request, made while a page renders, on a network a cheap phone shares with
 * the page's code.
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden className="shrink-0">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M20 40c0 6 5 10 12 10s12-4 12-10V16h-8v24c0 2-2 3-4 3s-4-1-4-3v-2h-8z" fill="#fff" />
    </svg>
  );
}
