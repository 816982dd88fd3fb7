/** A table row's cells as a wide screen shows them: without what only a phone shows (md:hidden). */
export function wideCells(row: HTMLElement) {
  const copy = row.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.md\\:hidden').forEach((e) => e.remove());
  return [...copy.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s+/g, ' '));
}
