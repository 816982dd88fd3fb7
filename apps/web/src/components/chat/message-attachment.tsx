import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTexts } from '../../lib/i18n.tsx';
import { CHAT_TEXTS, type ChatTexts } from './texts.ts';
import { fetchFileBlob } from '../../lib/api-client.ts';
import { toastError } from '../../lib/messages.ts';

const fileQuery = (url: string) => ({
  queryKey: ['file', url],
  queryFn: () => fetchFileBlob(url),
  staleTime: Infinity,
  gcTime: 10 * 60_000,
});

/** An attachment in a bubble: a photo as a thumbnail (fetched with the token), a PDF to save. */
export function MessageAttachment({
  attachment,
  isMine,
  ns,
}: {
  attachment: { url: string; mime: string };
  isMine: boolean;
  ns: ChatTexts;
}) {
  return attachment.mime.startsWith('image/') ? (
    <PhotoThumbnail url={attachment.url} isMine={isMine} ns={ns} />
  ) : (
    <PdfLink url={attachment.url} isMine={isMine} ns={ns} />
  );
}

const linkTone = (isMine: boolean) =>
  isMine
    ? 'text-white decoration-white/70 focus-visible:outline-white'
    : 'text-brand-700 focus-visible:outline-brand-700';

type Props = { url: string; isMine: boolean; ns: ChatTexts };

function PhotoThumbnail({ url, isMine, ns }: Props) {
  const i18n = useTexts();
  const texts = CHAT_TEXTS[ns];
  const file = useQuery(fileQuery(url));
  // The cache keeps the bytes; the thumbnail makes its own object URL and frees it.
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const made = URL.createObjectURL(file.data);
    setObjectUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setObjectUrl(null);
    };
  }, [file.data]);

  if (file.isError)
    return (
      <button
        type="button"
        onClick={() => void file.refetch()}
        className={`min-h-11 text-sm font-semibold underline underline-offset-2 focus-visible:outline-2 ${linkTone(isMine)}`}
      >
        {i18n._(texts['chat.photoFailed'])}
      </button>
    );
  if (!objectUrl)
    return (
      <span
        role="status"
        className="grid h-32 w-40 place-items-center rounded-lg bg-slate-100 text-sm text-slate-700"
      >
        {i18n._(texts['chat.photoLoading'])}
      </span>
    );
  return (
    <a
      href={objectUrl}
      target="_blank"
      rel="noopener"
      className={`block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 ${linkTone(isMine)}`}
    >
      <img
        src={objectUrl}
        alt={i18n._(texts['chat.photoAlt'])}
        className="max-h-48 w-auto max-w-full rounded-lg bg-white object-contain"
      />
    </a>
  );
}

// A plain link to /api/files/... would go without the bearer token, so the PDF is fetched
// on the click and saved from an object URL: nothing is downloaded until it is asked for.
// It is saved, never opened in a tab: a blob: URL shows it in the app's origin, without the
// sandbox /api/files gives it, and a PDF may carry scripts (stripped by the server since
// decision 023, but not from older uploads).
function PdfLink({ url, isMine, ns }: Props) {
  const i18n = useTexts();
  const texts = CHAT_TEXTS[ns];
  const queryClient = useQueryClient();
  const [isOpening, setIsOpening] = useState(false);

  const open = async () => {
    setIsOpening(true);
    try {
      const blob = await queryClient.fetchQuery(fileQuery(url));
      const objectUrl = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = `${url.split('/').pop() ?? 'attachment'}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (error) {
      toastError(error);
    } finally {
      setIsOpening(false);
    }
  };

  return (
    <a
      href={url}
      onClick={(event) => {
        event.preventDefault();
        void open();
      }}
      aria-busy={isOpening || undefined}
      className={`inline-flex min-h-11 items-center gap-2 font-semibold underline underline-offset-2 focus-visible:outline-2 ${linkTone(isMine)}`}
    >
      <span
        aria-hidden
        className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white no-underline"
      >
        PDF
      </span>
      {isOpening ? i18n._(texts['chat.pdfOpening']) : i18n._(texts['chat.pdfOpen'])}
    </a>
  );
}
