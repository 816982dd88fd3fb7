import { Button } from '../../../components/button.tsx';
import { toastError } from '../../../lib/messages.ts';
import type { ReportFormat } from '../api/download-journal.ts';

/**
 * A report's two downloads, CSV and PDF, fetched with the session (a plain link could not send
 * it); each button's words name the report ("Download journal (CSV)").
 */
export function DownloadButtons({
  labels,
  busy,
  onDownload,
}: {
  labels: Record<ReportFormat, string>;
  /** The format being fetched, if one is. */
  busy: ReportFormat | null;
  onDownload: (format: ReportFormat, options: { onError: (error: unknown) => void }) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          isBusy={busy === format}
          disabled={busy !== null}
          onClick={() => onDownload(format, { onError: toastError })}
        >
          {labels[format]}
        </Button>
      ))}
    </div>
  );
}
