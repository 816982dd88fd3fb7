import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { fetchFileBlob } from '../../../lib/api-client.ts';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * A stored receipt, fetched with the bearer token: a photo is drawn, with a way to open it.
 * A PDF is only offered as a download: shown from a blob: URL (in a frame or a tab) it would
 * run in the app's origin, without the sandbox /api/files gives it, and a member's PDF may
 * carry scripts (the server strips them since decision 023, but not from older uploads).
 */
export function ReceiptView({ path, alt }: { path: string; alt: string }) {
  const i18n = useTexts();
  const file = useQuery({
    queryKey: ['file', path],
    queryFn: () => fetchFileBlob(path),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  // The cache keeps the bytes; this view makes its own object URL and frees it.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(file.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file.data]);

  if (file.isError)
    return (
      <ErrorState
        message={i18n._('admin-payments.payments.receiptLoadFailed')}
        onRetry={() => void file.refetch()}
      />
    );
  if (!file.data || !url) return <Spinner />;

  const fileName = path.split('/').pop() ?? 'receipt';
  if (file.data.type.startsWith('image/')) {
    return (
      <div className="flex flex-col items-center gap-2">
        <img
          src={url}
          alt={alt}
          className="h-auto max-h-[70dvh] w-auto max-w-full rounded-lg border border-slate-200 object-contain"
        />
        <a href={url} target="_blank" rel="noopener" className={linkClass}>
          {i18n._('admin-payments.payments.openImage')}
        </a>
      </div>
    );
  }
  const isPdf = file.data.type === 'application/pdf';
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
      <span
        aria-hidden
        className="grid size-16 place-items-center rounded-lg bg-white text-sm font-bold text-red-800 shadow-sm"
      >
        {isPdf ? 'PDF' : 'FILE'}
      </span>
      <div className="flex flex-wrap justify-center gap-2">
        <a href={url} download={isPdf ? `${fileName}.pdf` : fileName} className={linkClass}>
          {i18n._('admin-payments.payments.download')}
        </a>
      </div>
    </div>
  );
}
