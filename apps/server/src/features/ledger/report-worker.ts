import { markStarted, type TimedTask } from '../../lib/thread-pool.ts';
import { reportPdf, type ReportDocument } from './report-pdf.ts';

// A thread of the books' reports pool (report-pool.ts): the trial balance, the income and
// expenditure and the journal drawn off the main thread (issue 51).

export type ReportTask = TimedTask & { report: ReportDocument };

export default async function drawInThread(task: ReportTask): Promise<Uint8Array> {
  markStarted(task);
  return reportPdf(task.report);
}
