import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The fonts of the PDFs (decision 031): the member's statement, the clearance letter, the books'
// reports. From npm packages that ship Google Fonts' TTF files (OFL 1.1): Noto Sans for Latin,
// Devanagari, Bengali and Malayalam; IBM Plex Sans Arabic for Arabic and Urdu, whose letters
// are whole glyphs (Noto's Arabic draws a dotless body and its dots apart, which no PDF reader
// can turn back into letters). pdfkit embeds only the glyphs a document uses.

export type Script = 'latin' | 'arabic' | 'devanagari' | 'bengali' | 'malayalam';
export type FontName = `${Script}-${'regular' | 'bold'}`;

const PACKAGES: Record<Script, [pkg: string, family: string]> = {
  latin: ['@expo-google-fonts/noto-sans', 'NotoSans'],
  arabic: ['@expo-google-fonts/ibm-plex-sans-arabic', 'IBMPlexSansArabic'],
  devanagari: ['@expo-google-fonts/noto-sans-devanagari', 'NotoSansDevanagari'],
  bengali: ['@expo-google-fonts/noto-sans-bengali', 'NotoSansBengali'],
  malayalam: ['@expo-google-fonts/noto-sans-malayalam', 'NotoSansMalayalam'],
};

const SCRIPTS = Object.keys(PACKAGES) as Script[];
export const FONT_NAMES: FontName[] = SCRIPTS.flatMap(
  (s) => [`${s}-regular`, `${s}-bold`] as const,
);

// Resolved from this module, so the same code finds them from src/ and from the bundle.
const require = createRequire(import.meta.url);
const files = new Map<FontName, Buffer>();

/** A font's TTF bytes, read once per process (about 2.5 MB for all ten). */
export function fontFile(name: FontName): Buffer {
  let bytes = files.get(name);
  if (!bytes) {
    const [script, weight] = name.split('-') as [Script, 'regular' | 'bold'];
    const [pkg, family] = PACKAGES[script];
    const style = weight === 'bold' ? '700Bold' : '400Regular';
    bytes = readFileSync(require.resolve(`${pkg}/${style}/${family}_${style}.ttf`));
    files.set(name, bytes);
  }
  return bytes;
}

const RANGES: Array<[from: number, to: number, script: Script]> = [
  [0x0600, 0x06ff, 'arabic'],
  [0x0750, 0x077f, 'arabic'],
  [0x0870, 0x08ff, 'arabic'],
  [0x0900, 0x097f, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0d00, 0x0d7f, 'malayalam'],
  [0x1cd0, 0x1cff, 'devanagari'],
  [0xa8e0, 0xa8ff, 'devanagari'],
  [0xfb50, 0xfdff, 'arabic'],
  [0xfe70, 0xfeff, 'arabic'],
];

// Every one of the five fonts has these: the space and the no-break space, ASCII digits and
// punctuation, dashes, the middle dot, the ellipsis; all but the Arabic one have the joiners
// (ZWNJ, ZWJ) and the dandas (Bengali writes Devanagari's). Such a character stays in the
// font of the letters around it, so "मार्च 2026" is one run.
const SHARED = /^(?:[ \d!-/:-@[-`{-~\u00a0\u00b7\u0964\u0965\u2013\u2014\u2026]|\u200c|\u200d)$/u;
const NOT_IN_ARABIC = /^(?:\u0964|\u0965|\u200c|\u200d)$/u;

/**
 * Whether the font of `script` has this shared character. A joiner in Arabic text goes to
 * the Latin font, which ends the run: the letters around a ZWNJ stay apart, as it asks.
 */
export const hasShared = (script: Script, char: string): boolean =>
  script !== 'arabic' || !NOT_IN_ARABIC.test(char);

/** The script whose font draws this character; null when any font would do. */
export function scriptOf(code: number): Script | null {
  if (SHARED.test(String.fromCodePoint(code))) return null;
  for (const [from, to, script] of RANGES) if (code >= from && code <= to) return script;
  return 'latin';
}

interface AnchorProcessor {
  applyAnchor(markRecord: { markAnchor: unknown } | null, baseAnchor: unknown, base: number): void;
}
interface Probe {
  _font: { font: { layout(text: string): unknown; _layoutEngine?: Engine } };
}
interface Engine {
  engine?: { GPOSProcessor?: AnchorProcessor };
}

/**
 * fontkit 2.0.4 throws on a NULL anchor in a GPOS mark lookup, which the OpenType spec allows
 * and Google's Noto Sans Malayalam has (fontkit issue 367): "സ്റ്റേറ്റ്മെന്റ്" would fail the
 * whole PDF. Until its fix (fontkit PR 374) ships, the mark stays where it is, as HarfBuzz
 * does. fontkit's classes are not exported: the processor is reached through a laid-out font.
 * Done once, by the first PDF a process draws.
 */
let isPatched = false;
export function skipNullAnchors() {
  if (isPatched) return;
  isPatched = true;
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.registerFont('probe', fontFile('malayalam-regular'));
  const { font } = (doc.font('probe') as unknown as Probe)._font;
  font.layout('a');
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  const prototype = processor && (Object.getPrototypeOf(processor) as AnchorProcessor);
  if (!prototype?.applyAnchor) throw new Error('fontkit changed: see skipNullAnchors');
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (markRecord, baseAnchor, base) {
    if (baseAnchor && markRecord?.markAnchor) applyAnchor.call(this, markRecord, baseAnchor, base);
  };
}
