import type { Chart } from '../charts/charts.ts';
import type { Direction, textWriter } from './pdf-text.ts';

// A chart's marks (lib/charts) drawn on a PDF page as vectors: rectangles, rules, the line's
// SVG path (pdfkit takes the same syntax) and the labels through the page's text writer.

/** Draws `chart` with its top left corner at (`left`, `top`). */
export function drawChart(
  doc: PDFKit.PDFDocument,
  writer: ReturnType<typeof textWriter>,
  direction: Direction,
  chart: Chart,
  left: number,
  top: number,
): void {
  for (const mark of chart.marks) {
    if (mark.type === 'rect') {
      doc.rect(left + mark.x, top + mark.y, mark.w, mark.h).fill(mark.fill);
    } else if (mark.type === 'rule') {
      doc
        .moveTo(left + mark.x1, top + mark.y1)
        .lineTo(left + mark.x2, top + mark.y2)
        .lineWidth(0.5)
        .strokeColor(mark.stroke)
        .stroke();
    } else if (mark.type === 'path') {
      doc.save().translate(left, top).path(mark.d).lineWidth(mark.width).strokeColor(mark.stroke);
      doc.stroke().restore();
    } else {
      // The writer aligns to the page's start and end: the left is the end in Arabic.
      const box = Math.min(chart.width, 200);
      const x =
        mark.anchor === 'left' ? mark.x : mark.anchor === 'right' ? mark.x - box : mark.x - box / 2;
      const toLeft = direction === 'ltr' ? 'start' : 'end';
      const toRight = direction === 'ltr' ? 'end' : 'start';
      writer.draw(mark.text, left + x, top + mark.y - mark.size * 1.08, box, {
        size: mark.size,
        color: mark.color,
        align: mark.anchor === 'middle' ? 'center' : mark.anchor === 'left' ? toLeft : toRight,
      });
    }
  }
}
