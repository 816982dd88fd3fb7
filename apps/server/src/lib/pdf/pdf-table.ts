import PDFDocument from 'pdfkit';
import type { Language } from '@jamiya/contracts/languages';
import type { Align, TextStyle, textWriter } from './pdf-text.ts';

// The tables of Jamiya's PDFs (the member's statement, the clearance letter, the books'
// reports): an A4 page, its ink and rules, and rows of cells that wrap, in the page's direction.

export const PAGE = { size: 'A4', margin: 40 } as const;
export const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#cbd5e1';
export const STRIPE = '#f1f5f9';
const LIGHT_STRIPE = '#f8fafc';
export const CELL_PAD = 4;

/**
 * A PDF of Jamiya's in the reader's language, on `PAGE`, its title shown by the viewer;
 * `bufferPages` keeps its pages open for what is written on each at the end (a footer).
 */
export function pdfDocument(
  language: Language,
  info: PDFKit.DocumentInfo,
  { bufferPages = false }: { bufferPages?: boolean } = {},
) {
  return new PDFDocument({ ...PAGE, bufferPages, lang: language, displayTitle: true, info });
}

export interface Column {
  width: number;
  align: Align;
}

/** A cell's text and, for what someone typed (a name, a memo), its own direction. */
export type Cell = string | { typed: string };

export interface RowStyle {
  /** Shaded, bold and muted: a table's header. */
  isHeader?: boolean;
  /** Lightly shaded: every other row of a long table. */
  isStriped?: boolean;
  isBold?: boolean;
  /** Its height, when measured already. */
  height?: number;
}

type Writer = ReturnType<typeof textWriter>;

/**
 * Rows of cells on `doc`, `size` points high, placed by `xOf` (pdf-text.ts pageFrame): the
 * first column at the start edge, the right one in Arabic and Urdu.
 */
export function tableWriter(
  doc: PDFKit.PDFDocument,
  writer: Writer,
  xOf: (start: number, boxWidth: number) => number,
  size: number,
) {
  /** A cell as the writer takes it: what someone typed keeps its own direction. */
  const cellText = (cell: Cell, style: TextStyle): [string, TextStyle] =>
    typeof cell === 'string' ? [cell, style] : [cell.typed, { ...style, direction: 'auto' }];

  /** Draws `cell` in a box `start` points from the start edge; answers its height. */
  const write = (cell: Cell, start: number, top: number, boxWidth: number, style: TextStyle) => {
    const [text, own] = cellText(cell, style);
    return writer.draw(text, xOf(start, boxWidth), top, boxWidth, own);
  };

  const cellStyle = (column: Column, style: RowStyle): TextStyle => ({
    size,
    isBold: style.isHeader === true || style.isBold === true,
    color: style.isHeader ? MUTED : INK,
    align: column.align,
  });

  function rowHeight(of: Column[], cells: Cell[], style: RowStyle = {}): number {
    const heights = cells.map((cell, i) => {
      const column = of[i]!;
      const [text, own] = cellText(cell, cellStyle(column, style));
      return writer.heightOf(text, column.width - 2 * CELL_PAD, own);
    });
    return Math.max(...heights) + 2 * CELL_PAD;
  }

  /** Draws one row at `top`; answers where the next row starts. */
  function row(of: Column[], cells: Cell[], top: number, style: RowStyle = {}): number {
    const height = style.height ?? rowHeight(of, cells, style);
    const total = of.reduce((s, c) => s + c.width, 0);
    const x = xOf(0, total);
    if (style.isHeader) doc.rect(x, top, total, height).fill(STRIPE);
    else if (style.isStriped) doc.rect(x, top, total, height).fill(LIGHT_STRIPE);
    doc
      .moveTo(x, top + height)
      .lineTo(x + total, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    let start = 0;
    cells.forEach((cell, i) => {
      const column = of[i]!;
      const inner = column.width - 2 * CELL_PAD;
      write(cell, start + CELL_PAD, top + CELL_PAD, inner, cellStyle(column, style));
      start += column.width;
    });
    return top + height;
  }

  /** Under a title, each label and its value beside it; answers where the next line starts. */
  function writeFacts(
    facts: Array<[string, Cell]>,
    top: number,
    width: number,
    labelWidth: number,
  ) {
    let y = top;
    for (const [label, value] of facts) {
      const labelHeight = write(label, 0, y, labelWidth, { size: 10, color: MUTED });
      const valueHeight = write(value, labelWidth, y, width - labelWidth, {
        size: 10,
        isBold: true,
        color: INK,
      });
      y += Math.max(labelHeight, valueHeight) + 2;
    }
    return y;
  }

  return { write, row, rowHeight, writeFacts };
}
