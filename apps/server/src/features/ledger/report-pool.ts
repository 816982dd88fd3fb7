import { pdfDrawer } from '../../lib/pdf/pdf-pool.ts';
import type { ReportDocument } from './report-pdf.ts';

const draw = pdfDrawer<{ report: ReportDocument }>(
  import.meta.url,
  'report-worker',
  /*i18n*/ 'This report is too long to draw as a PDF. Choose a shorter period, or download it as CSV.',
);

/** A report of the books as a PDF, drawn in a pool thread (lib/pdf/pdf-pool.ts). */
export const reportPdfInPool = (report: ReportDocument) => draw({ report });
