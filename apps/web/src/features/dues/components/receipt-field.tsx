import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Field } from '../../../components/field.tsx';
import { FileInput } from '../../../components/file-input.tsx';
import { ReceiptPreview } from './receipt-preview.tsx';

/** The receipt of a dues or repayment form (its `photo` field), with a preview once chosen. */
export function ReceiptField<T extends FieldValues & { photo?: unknown }, O>({
  control,
  error,
}: {
  control: Control<T, unknown, O>;
  error: string | undefined;
}) {
  const { t } = useTranslation('dues');
  const name = 'photo' as Path<T>;
  const photo: unknown = useWatch({ control, name });
  return (
    <>
      <Field label={t('form.receipt')} hint={t('form.receiptHint')} error={error}>
        {(a) => <FileInput control={control} name={name} field={a} />}
      </Field>
      {photo instanceof File && <ReceiptPreview file={photo} />}
    </>
  );
}
