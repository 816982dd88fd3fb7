import { useEffect, useState } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Field } from '../../../components/field.tsx';
import { FileInput } from '../../../components/file-input.tsx';
import { isReceiptType, MAX_RECEIPT_BYTES } from '../../../lib/receipt-file-schema.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import { formatSize, ReceiptPreview } from './receipt-preview.tsx';

/**
 * The receipt of a dues or repayment form (its `photo` field), from the camera or the gallery,
 * with a preview once chosen and the size it will be sent at: a phone's photo is shrunk first
 * (lib/shrink-photo.ts), as the form sends it. A file that is not a receipt (not a photo or a
 * PDF, or over 10 MB) is refused as soon as it is chosen, before anything is prepared or sent.
 */
export function ReceiptField<T extends FieldValues & { photo?: unknown }, O>({
  control,
  error,
}: {
  control: Control<T, unknown, O>;
  error: string | undefined;
}) {
  const i18n = useTexts();
  const name = 'photo' as Path<T>;
  const photo: unknown = useWatch({ control, name });
  const file = photo instanceof File ? photo : null;
  const ready = useShrunk(file);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refuse = (chosen: File) => {
    const why = !isReceiptType(chosen)
      ? i18n._('dues.form.notAReceipt')
      : chosen.size > MAX_RECEIPT_BYTES
        ? i18n._('dues.form.tooBig')
        : null;
    setRefusal(why);
    return why !== null;
  };
  return (
    <>
      <Field
        label={i18n._('dues.form.receipt')}
        hint={i18n._('dues.form.receiptHint')}
        error={refusal ?? error}
      >
        {(a) => (
          <FileInput
            control={control}
            name={name}
            field={a}
            cameraLabel={i18n._('dues.form.takePhoto')}
            refuse={refuse}
          />
        )}
      </Field>
      {file && (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {ready
              ? i18n._('dues.form.sendSize', { size: formatSize(ready.size) })
              : i18n._('dues.form.preparing')}
          </p>
          <ReceiptPreview file={file} />
        </>
      )}
    </>
  );
}

/** The file as it will be sent, once it is ready. */
function useShrunk(file: File | null): File | null {
  const [ready, setReady] = useState<{ of: File; file: File } | null>(null);
  useEffect(() => {
    if (file) void shrinkPhoto(file).then((shrunk) => setReady({ of: file, file: shrunk }));
  }, [file]);
  return ready && ready.of === file ? ready.file : null;
}
