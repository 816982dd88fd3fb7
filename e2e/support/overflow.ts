import type { Page } from '@playwright/test';

/**
 * How far the page scrolls sideways, and what sticks out of its box: an element past the
 * screen's edge, or text wider than the block holding it (which the page's width hides).
 */
export async function sideways(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (e: Element) =>
      `<${e.localName} class="${e.getAttribute('class') ?? ''}"> "${e.textContent?.slice(0, 40)}"`;
    // An SVG's shapes and text have no scroll box (Chromium gives their text odd client sizes).
    const overflows = (e: Element) => {
      const style = getComputedStyle(e);
      return (
        !(e instanceof SVGElement) &&
        style.display !== 'inline' &&
        style.overflowX === 'visible' &&
        e.clientWidth > 0 &&
        e.scrollWidth > e.clientWidth + 1
      );
    };
    // A table in a box that scrolls sideways is meant to be wider than the screen.
    const insideScroller = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => {
        const box = e.getBoundingClientRect();
        const clipped = insideScroller(e);
        if (!clipped && box.width > 1 && (box.right > width + 0.5 || box.left < -0.5)) return true;
        // The innermost block that overflows, not each of its ancestors.
        return overflows(e) && ![...e.children].some(overflows);
      })
      .slice(0, 5)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth - width, wide };
  });
}
