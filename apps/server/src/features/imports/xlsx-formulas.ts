import { strFromU8, unzipSync } from 'fflate';

// A workbook written by a program and never saved in Excel keeps its formulas without their
// results: read-excel-file reads such a cell as empty, and an empty savings cell would pass for
// none. Its sheet's XML says which cells they are (a <c> with an <f> and no <v>). The parts were
// size-checked before (read-file.ts), and this runs in the import's pool thread.

const WANTED = /^xl\/(?:workbook\.xml|_rels\/workbook\.xml\.rels|worksheets\/[^/]+\.xml)$/;

/** Attribute values of one tag, XML's five entities put back. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g))
    found.set(
      name!,
      value!
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&apos;', "'")
        .replaceAll('&amp;', '&'),
    );
  return found;
}

/** "AB" -> 27 (A is 0). */
const columnIndex = (letters: string) =>
  [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/**
 * The cells of the sheet named `sheetName` that hold a formula with no saved value, by row (as
 * the spreadsheet numbers it), each row's columns (0 for A). Empty when the parts cannot be read.
 */
export function formulasWithoutValue(bytes: Uint8Array, sheetName: string): Map<number, number[]> {
  const found = new Map<number, number[]>();
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, { filter: (file) => WANTED.test(file.name) });
  } catch {
    return found;
  }
  const text = (name: string) => (parts[name] ? strFromU8(parts[name]) : '');
  const sheet = [...text('xl/workbook.xml').matchAll(/<sheet\b[^>]*>/g)]
    .map(([tag]) => attributes(tag))
    .find((a) => a.get('name') === sheetName);
  const id = sheet?.get('r:id');
  const target = [...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*>/g)]
    .map(([tag]) => attributes(tag))
    .find((a) => a.get('Id') === id)
    ?.get('Target');
  if (!target) return found;
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  for (const [, open, inner = ''] of text(path).matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    if (!/<f[\s>/]/.test(inner) || /<v>[^<]+<\/v>/.test(inner)) continue;
    const ref = /^([A-Z]{1,3})(\d+)$/.exec(attributes(open!).get('r') ?? '');
    if (!ref) continue;
    const row = Number(ref[2]);
    found.set(row, [...(found.get(row) ?? []), columnIndex(ref[1]!)]);
  }
  return found;
}
