import { useTexts } from '../../../lib/i18n.tsx';

/** How much of the receipt has gone, while it goes (a slow network takes seconds for 300 KB). */
export function UploadProgress({ progress }: { progress: number | null }) {
  const i18n = useTexts();
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  const label = i18n._('dues.form.sending', { percent });
  return (
    <div className="flex flex-col gap-1">
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="h-2 w-full accent-brand-700"
      />
      <p className="text-sm text-slate-700">{label}</p>
    </div>
  );
}
