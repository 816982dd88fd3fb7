import { pdfDrawer } from '../../lib/pdf/pdf-pool.ts';
import type { ClearanceLetter } from './clearance-pdf.ts';
import type { PdfDraw } from './pdf-worker.ts';
import type { ShareLetter } from './share-pdf.ts';
import type { StatementDocument } from './statement-pdf.ts';

// A member's statement and a clearance letter, drawn in a pool thread (lib/pdf/pdf-pool.ts).

const draw = pdfDrawer<PdfDraw>(
  import.meta.url,
  'pdf-worker',
  /*i18n*/ 'This statement is too long to draw as a PDF. Choose a shorter period, or download it as CSV.',
);

/** The member's statement as a PDF, drawn in a pool thread. */
export const statementPdfInPool = (document: StatementDocument) =>
  draw({ draw: 'statement', document });

/** A clearance letter as a PDF, drawn in a pool thread. */
export const clearanceLetterPdfInPool = (letter: ClearanceLetter) =>
  draw({ draw: 'clearance', letter });

/** How a member's share was computed, as a one-page PDF drawn in a pool thread. */
export const sharePdfInPool = (letter: ShareLetter) => draw({ draw: 'share', letter });
