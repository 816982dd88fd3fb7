import { useEffect, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { leftToRight, numbersLocale } from '../../../lib/format.ts';

// Types a browser can draw in an <img>; a HEIC photo or a PDF is shown by its name.
const DRAWABLE = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** A file's size as the reader reads it, with Latin digits as every figure of the app. */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(numbersLocale(), {
    style: 'unit',
    unit: mb >= 1 ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  });
  return leftToRight(format.format(mb >= 1 ? mb : Math.max(bytes / 1024, 0.1)));
}

/** What the member picked, before it is sent: a thumbnail of a photo, else the file's name. */
export function ReceiptPreview({ file }: { file: File }) {
  const i18n = useTexts();
  const [url, setUrl] = useState<string>();
  const isDrawable = DRAWABLE.includes(file.type);

  useEffect(() => {
    if (!isDrawable) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [file, isDrawable]);

  return (
    <figure className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-2">
      {isDrawable && url ? (
        <img
          src={url}
          alt={i18n._('dues.form.receiptPreview')}
          width={72}
          height={72}
          className="size-18 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="grid size-18 shrink-0 place-items-center rounded-md bg-white text-xs font-bold text-slate-600 uppercase"
        >
          {file.name.split('.').pop()?.slice(0, 4) ?? 'file'}
        </span>
      )}
      <figcaption className="min-w-0 text-sm break-words text-slate-700">
        {i18n._('dues.form.receiptFile', { name: file.name, size: formatSize(file.size) })}
      </figcaption>
    </figure>
  );
}
