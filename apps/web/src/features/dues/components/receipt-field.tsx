import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
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
        {(a) => (
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <input
                {...a}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.files?.[0])}
                type="file"
                accept="image/*,application/pdf"
                className={`${inputClass} file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
              />
            )}
          />
        )}
      </Field>
      {photo instanceof File && <ReceiptPreview file={photo} />}
    </>
  );
}
