import { unprocessable } from '../../lib/errors.ts';
import { threadPool } from '../../lib/thread-pool.ts';
import type { ClearanceLetter } from './clearance-pdf.ts';
import type { PdfTask } from './pdf-worker.ts';
import type { StatementDocument } from './statement-pdf.ts';

// PDFs are drawn in a pool thread (lib/thread-pool.ts, decision 034): pdfkit lays out and embeds
// fonts for 0.3 to 0.8 s a statement, which in the main thread stopped every other answer.

/** How long one PDF may take, from when its thread takes it. */
const DRAW_TIME_LIMIT_MS = 60_000;
const HEAP_MB = 256;

const runInPool = threadPool<PdfTask, Uint8Array>(import.meta.url, 'pdf-worker', HEAP_MB);

type Draw =
  | { draw: 'statement'; document: StatementDocument }
  | { draw: 'clearance'; letter: ClearanceLetter };

async function drawn(task: Draw): Promise<Buffer> {
  const bytes = await runInPool(task, DRAW_TIME_LIMIT_MS);
  if (!bytes)
    throw unprocessable(
      /*i18n*/ 'This statement is too long to draw as a PDF. Choose a shorter period, or download it as CSV.',
    );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The member's statement as a PDF, drawn in a pool thread. */
export const statementPdfInPool = (document: StatementDocument) =>
  drawn({ draw: 'statement', document });

/** A clearance letter as a PDF, drawn in a pool thread. */
export const clearanceLetterPdfInPool = (letter: ClearanceLetter) =>
  drawn({ draw: 'clearance', letter });
