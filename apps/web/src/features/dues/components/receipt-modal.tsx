import { useEffect, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { fetchFileUrl } from '../../../lib/api-client.ts';

export interface ReceiptToShow {
  path: string;
  /** What the receipt paid for, e.g. "Due for October 2026". */
  what: string;
}

/** A stored receipt, fetched with the bearer token (it is never public). */
export function ReceiptModal({
  receipt,
  onClose,
}: {
  receipt: ReceiptToShow | null;
  onClose: () => void;
}) {
  const i18n = useTexts();
  return (
    <Modal isOpen={receipt !== null} onClose={onClose} title={i18n._('dues.receipt.title')}>
      {receipt && <ReceiptView key={receipt.path} receipt={receipt} />}
    </Modal>
  );
}

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string };

function ReceiptView({ receipt }: { receipt: ReceiptToShow }) {
  const i18n = useTexts();
  const [file, setFile] = useState<Loaded>({ state: 'loading' });
  const [isImage, setIsImage] = useState(true);
  const [attempt, setAttempt] = useState(0);

  // The blob URL lives exactly as long as this view: made here, revoked on close.
  useEffect(() => {
    let url: string | undefined;
    let isCancelled = false;
    fetchFileUrl(receipt.path).then(
      (made) => {
        if (isCancelled) URL.revokeObjectURL(made);
        else {
          url = made;
          setFile({ state: 'ready', url: made });
        }
      },
      () => {
        if (!isCancelled) setFile({ state: 'error' });
      },
    );
    return () => {
      isCancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [receipt.path, attempt]);

  if (file.state === 'loading') return <Spinner />;
  if (file.state === 'error')
    return (
      <ErrorState
        message={i18n._('dues.receipt.loadFailed')}
        onRetry={() => {
          setFile({ state: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  return (
    <div className="flex flex-col items-center gap-3">
      {isImage ? (
        <img
          src={file.url}
          alt={i18n._('dues.receipt.alt', { what: receipt.what })}
          width={480}
          height={640}
          className="h-auto max-h-[65dvh] w-auto max-w-full rounded-lg object-contain"
          onError={() => setIsImage(false)}
        />
      ) : (
        <p className="text-slate-700">{i18n._('dues.receipt.notImage')}</p>
      )}
      <a
        href={file.url}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
      >
        {i18n._('dues.receipt.open')}
      </a>
    </div>
  );
}
