import { markStarted, type TimedTask } from '../../lib/thread-pool.ts';
import { clearanceLetterPdf, type ClearanceLetter } from './clearance-pdf.ts';
import { sharePdf, type ShareLetter } from './share-pdf.ts';
import { statementPdf, type StatementDocument } from './statement-pdf.ts';

// A thread of the PDFs' pool (pdf-pool.ts): a member's statement, a clearance letter or how a
// share was computed, drawn off the main thread, which keeps answering everyone meanwhile.

/** What to draw. */
export type PdfDraw =
  | { draw: 'statement'; document: StatementDocument }
  | { draw: 'clearance'; letter: ClearanceLetter }
  | { draw: 'share'; letter: ShareLetter };

export type PdfTask = TimedTask & PdfDraw;

export default async function drawInThread(task: PdfTask): Promise<Uint8Array> {
  markStarted(task);
  if (task.draw === 'statement') return statementPdf(task.document);
  return task.draw === 'clearance' ? clearanceLetterPdf(task.letter) : sharePdf(task.letter);
}
