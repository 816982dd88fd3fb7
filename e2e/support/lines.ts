import type { Page } from '@playwright/test';

// How text lies in its lines on the page as drawn (issue 50, point 21: a name cut in its menu,
// a word left alone on a line of its own).

/** A text whose last word stands alone on its last line. */
export interface LoneWord {
  /** The last word, as written. */
  word: string;
  /** Its letters, marks aside ("ہے" 2, "കാണാം" 3). */
  letters: number;
  /** The element and the end of its text, to name it in a failure. */
  where: string;
}

/**
 * The texts of the visible elements `selector` matches (their whole text, across the nodes an
 * interpolated value makes) whose last word is on a line below the word before it.
 */
export function loneLastWords(page: Page, selector: string): Promise<LoneWord[]> {
  return page.evaluate((selector) => {
    const found: LoneWord[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (!element.checkVisibility()) continue;
      const words: { node: Text; at: number; text: string }[] = [];
      const tree = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = tree.nextNode(); node; node = tree.nextNode())
        for (const m of (node as Text).data.matchAll(/\S+/g))
          words.push({ node: node as Text, at: m.index, text: m[0] });
      if (words.length < 2) continue;
      const box = ({ node, at, text }: (typeof words)[number]) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return range.getBoundingClientRect();
      };
      const [before, last] = [box(words.at(-2)!), box(words.at(-1)!)];
      if (last.top < before.top + before.height / 2) continue;
      const word = words.at(-1)!.text;
      found.push({
        word,
        letters: word.match(/\p{L}/gu)?.length ?? 0,
        where: `<${element.localName}> "…${element.textContent?.trim().slice(-40)}"`,
      });
    }
    return found;
  }, selector);
}

/**
 * The language menus whose chosen language's name does not fit in what the menu shows of it,
 * as `"മലയാളം" 68.8 > 62`: its width drawn in the menu's font, and the room for it.
 */
export function cutLanguageNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('select')].flatMap((select) => {
      const option = select.selectedOptions[0];
      if (!option || !select.checkVisibility()) return [];
      const style = getComputedStyle(select);
      const measure = document.createElement('span');
      measure.lang = option.lang;
      measure.textContent = option.textContent;
      measure.style.cssText = `position: absolute; white-space: pre; font: ${style.font}`;
      document.body.append(measure);
      const width = measure.getBoundingClientRect().width;
      measure.remove();
      const room =
        select.clientWidth -
        parseFloat(style.paddingInlineStart) -
        parseFloat(style.paddingInlineEnd);
      return width > room + 0.5 ? [`"${option.textContent}" ${width.toFixed(1)} > ${room}`] : [];
    }),
  );
}
