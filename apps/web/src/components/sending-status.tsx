import { useTexts } from '../lib/i18n.tsx';

/**
 * How far a file's sending has gone on the treasurer's pages (an import, a bank statement): a
 * bar while it goes, then an endless one while the server reads it (`checking` says what it
 * does; a file of thousands of rows takes seconds). The words are announced as each stage
 * begins, not at each percent. Its texts are the admin area's (namespace `admin`).
 */
export function SendingStatus({
  progress,
  checking,
}: {
  progress: number | null;
  checking: string;
}) {
  const i18n = useTexts();
  const isSending = progress !== null && progress < 1;
  const percent = progress === null ? 0 : Math.round(progress * 100);
  const words = progress === null ? '' : isSending ? i18n._('admin.sending.upload') : checking;
  return (
    <div className="flex flex-col gap-1">
      {progress !== null && (
        <progress
          max={100}
          {...(isSending ? { value: percent } : {})}
          aria-label={words}
          aria-valuetext={isSending ? i18n._('admin.sending.percent', { percent }) : words}
          className="h-2 w-full accent-brand-700"
        />
      )}
      <p role="status" className="text-sm text-slate-700">
        {words}
      </p>
    </div>
  );
}
