import { markStarted, type TimedTask } from '../../lib/thread-pool.ts';
import { clearanceLetterPdf, type ClearanceLetter } from './clearance-pdf.ts';
import { statementPdf, type StatementDocument } from './statement-pdf.ts';

// A thread of the PDFs' pool (pdf-pool.ts): a member's statement or a clearance letter drawn off
// the main thread, which keeps answering everyone meanwhile (issue 51).

/** What to draw. */
export type PdfDraw =
  | { draw: 'statement'; document: StatementDocument }
  | { draw: 'clearance'; letter: ClearanceLetter };

export type PdfTask = TimedTask & PdfDraw;

export default async function drawInThread(task: PdfTask): Promise<Uint8Array> {
  markStarted(task);
  return task.draw === 'statement' ? statementPdf(task.document) : clearanceLetterPdf(task.letter);
}
