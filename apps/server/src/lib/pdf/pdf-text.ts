import bidiFactory from 'bidi-js';
import {
  FONT_NAMES,
  fontFile,
  hasShared,
  scriptOf,
  skipNullAnchors,
  type FontName,
  type Script,
} from './pdf-fonts.ts';

// Lines of text in any of the members' scripts on a pdfkit page (decision 031). pdfkit and
// fontkit shape a run of one script (Arabic joined, Indic conjuncts) but neither splits a line
// into scripts nor orders a line that mixes directions; this does both: the Unicode bidi
// algorithm (bidi-js) gives each character its level, each character gets its script's font,
// and a line is drawn as runs of one font and one level, placed in visual order.

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';
export type Align = 'start' | 'end' | 'center';

export interface TextStyle {
  size: number;
  isBold?: boolean;
  color?: string;
  /** The paragraph's direction; `auto` (what someone typed) takes its first letter's. */
  direction?: Direction | 'auto';
  /** Start and end of the document's direction: the right edge is the start in Arabic. */
  align?: Align;
}

interface Run {
  text: string;
  font: FontName;
  level: number;
  start: number;
  end: number;
  width: number;
}

// Bidi controls (marks, embeddings, isolates) order the text and are not drawn.
const CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// What fontkit lays out right to left by itself (it reverses a run of these scripts).
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** A value someone typed (a name), isolated so that it keeps its own order inside a sentence. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

// pdfkit lays a string out word by word unless it is given features, so a right-to-left run
// would keep its words left to right: the whole run is laid out at once.
const WHOLE = { features: [] };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Draws and measures text on `doc`, whose direction is that of its language. */
export function textWriter(doc: PDFKit.PDFDocument, direction: Direction) {
  skipNullAnchors();
  for (const name of FONT_NAMES) doc.registerFont(name, fontFile(name));

  // Line breaking measures the same words again and again; fontkit lays each out afresh.
  const widths = new Map<string, number>();
  function widthOf(font: FontName, size: number, text: string): number {
    const key = `${font}|${size}|${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = doc.font(font).fontSize(size).widthOfString(text, WHOLE);
      widths.set(key, width);
    }
    return width;
  }

  const lineHeight = (size: number) => size * 1.5;
  const ascent = (size: number) => size * 1.08;

  /** Each character's font's script, shared characters taking the letters' around them. */
  function scriptsOf(text: string): Array<Script | null> {
    const isSecondHalf = (i: number) => /[\udc00-\udfff]/.test(text[i]!);
    const own = Array.from({ length: text.length }, (_, i) =>
      isSecondHalf(i) || CONTROL.test(text[i]!) ? null : scriptOf(text.codePointAt(i)!),
    );
    const scripts: Array<Script | null> = [];
    let previous: Script | null = null;
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      let script: Script | null = own[i] ?? null;
      if (CONTROL.test(char)) script = null;
      else if (isSecondHalf(i)) script = scripts[i - 1] ?? 'latin';
      else if (!script) {
        if (previous && hasShared(previous, char)) script = previous;
        else script = own.slice(i + 1).find((s) => s && hasShared(s, char)) ?? 'latin';
      }
      scripts.push(script);
      if (script) previous = script;
    }
    return scripts;
  }

  function paragraph(raw: string, style: TextStyle) {
    const text = raw.replace(/\s+/g, ' ').trim();
    const wanted = style.direction ?? direction;
    const levels = bidi.getEmbeddingLevels(text, wanted === 'auto' ? undefined : wanted);
    const scripts = scriptsOf(text);
    const weight = style.isBold ? 'bold' : 'regular';

    /** The runs of one font and one level between `start` and `end`, in logical order. */
    function runs(start: number, end: number): Run[] {
      const found: Run[] = [];
      for (let i = start; i < end; i++) {
        const script = scripts[i];
        if (!script) continue;
        const font: FontName = `${script}-${weight}`;
        const level = levels.levels[i]!;
        const char = (level % 2 === 1 && bidi.getMirroredCharacter(text[i]!)) || text[i]!;
        const last = found.at(-1);
        if (last && last.font === font && last.level === level) {
          last.text += char;
          last.end = i + 1;
        } else found.push({ text: char, font, level, start: i, end: i + 1, width: 0 });
      }
      for (const run of found) {
        // A right-to-left run fontkit does not reverse itself is handed over in visual order.
        if (run.level % 2 === 1 && !RTL_LETTER.test(run.text))
          run.text = Array.from(run.text).reverse().join('');
        // Measured word by word (shaping stops at a space), so each word is laid out once.
        run.width = run.text
          .split(/(?<= )/)
          .reduce((sum, word) => sum + widthOf(run.font, style.size, word), 0);
      }
      return found;
    }

    const rangeWidth = (start: number, end: number) =>
      runs(start, end).reduce((sum, run) => sum + run.width, 0);

    /** Where the lines break: greedy, at spaces, inside a word only if it is wider than a line. */
    function breakLines(width: number): Array<[number, number]> {
      const spaces: number[] = [];
      for (let i = 0; i < text.length; i++) if (text[i] === ' ') spaces.push(i);
      const lines: Array<[number, number]> = [];
      let start = 0;
      while (start < text.length) {
        let end = -1;
        for (const candidate of [...spaces.filter((s) => s > start), text.length]) {
          if (rangeWidth(start, candidate) > width) break;
          end = candidate;
        }
        if (end === -1) {
          const word = spaces.find((s) => s > start) ?? text.length;
          end = start;
          for (const { index, segment } of graphemes.segment(text.slice(start, word))) {
            const next = start + index + segment.length;
            if (end > start && rangeWidth(start, next) > width) break;
            end = next;
          }
        }
        lines.push([start, end]);
        start = end;
        while (text[start] === ' ') start++;
      }
      return lines;
    }

    /** A line's runs in visual order, left to right (the bidi algorithm's rule L2). */
    function visual(start: number, end: number): Run[] {
      const line = runs(start, end);
      const highest = Math.max(0, ...line.map((r) => r.level));
      const lowestOdd = Math.min(...line.map((r) => r.level | 1));
      for (let level = highest; level >= lowestOdd; level--) {
        for (let i = 0; i < line.length; i++) {
          if (line[i]!.level < level) continue;
          let j = i;
          while (j + 1 < line.length && line[j + 1]!.level >= level) j++;
          line.splice(i, j - i + 1, ...line.slice(i, j + 1).reverse());
          i = j;
        }
      }
      return line;
    }

    return { text, breakLines, visual, width: () => rangeWidth(0, text.length) };
  }

  /** How wide `text` is on one line. */
  function widthOfLine(text: string, style: TextStyle): number {
    return paragraph(text, style).width();
  }

  /** How tall `text` is when wrapped to `width`. */
  function heightOf(text: string, width: number, style: TextStyle): number {
    const lines = paragraph(text, style).breakLines(width).length;
    return Math.max(1, lines) * lineHeight(style.size);
  }

  /** Draws `text` wrapped to `width` from `top`; answers its height. */
  function draw(text: string, x: number, top: number, width: number, style: TextStyle): number {
    const p = paragraph(text, style);
    const lines = p.breakLines(width);
    const align = style.align ?? 'start';
    const isRight = align === 'end' ? direction === 'ltr' : direction === 'rtl';
    doc.fillColor(style.color ?? 'black');
    lines.forEach(([start, end], n) => {
      const runs = p.visual(start, end);
      const lineWidth = runs.reduce((sum, run) => sum + run.width, 0);
      let left = x;
      if (align === 'center') left = x + (width - lineWidth) / 2;
      else if (isRight) left = x + width - lineWidth;
      const baseline = top + n * lineHeight(style.size) + ascent(style.size);
      const placed = runs.map((run) => {
        const at = left;
        left += run.width;
        return { run, at };
      });
      // Drawn in reading order, so that text taken out of the PDF reads in that order.
      placed.sort((a, b) => a.run.start - b.run.start);
      for (const { run, at } of placed) {
        // What a reader copies or a search finds: the letters in reading order. The glyphs'
        // own map to Unicode cannot say it: a shaped Arabic letter is a shared dotless body
        // and its dots, an Indic conjunct one glyph with its vowel sign moved before it.
        const isIndic = !/^(latin|arabic)/.test(run.font);
        if (isIndic) doc.markContent('Span', { actual: p.text.slice(run.start, run.end) });
        doc
          .font(run.font)
          .fontSize(style.size)
          .text(run.text, at, baseline, { ...WHOLE, lineBreak: false, baseline: 'alphabetic' });
        if (isIndic) doc.endMarkedContent();
      }
    });
    return Math.max(1, lines.length) * lineHeight(style.size);
  }

  /**
   * Before `doc.end()`. A PDF reader takes a right-to-left run's glyphs as drawn, left to right,
   * and reverses them; a ligature's letters (لا, سي) are reversed with them, so its map to
   * Unicode lists them last to first.
   */
  function finish() {
    const fonts = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })
      ._fontFamilies;
    for (const font of new Set(Object.values(fonts))) {
      font.unicode?.forEach((codePoints, gid, all) => {
        const isRtl = codePoints.every((c) => RTL_LETTER.test(String.fromCodePoint(c)));
        if (codePoints.length > 1 && isRtl) all[gid] = [...codePoints].reverse();
      });
    }
  }

  return { draw, heightOf, widthOfLine, lineHeight, finish };
}

/** The document's bytes, once it has ended: asked for before it is written. */
export function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The page's text area, and where a box `start` points from the start edge (the right one in
 * Arabic and Urdu) begins.
 */
export function pageFrame(doc: PDFKit.PDFDocument, direction: Direction) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const xOf = (start: number, boxWidth: number) =>
    direction === 'rtl' ? left + width - start - boxWidth : left + start;
  return { left, width, xOf };
}
