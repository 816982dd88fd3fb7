import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { TransferFields, TransferValues } from './transfer-fields.tsx';

/**
 * "Add the transfer's date and reference (optional)": the two fields come, with their code,
 * when the member asks for them, so that the forms stay short. The forms load this module
 * when they open; what it imports is named in the Monthly Pay page's first load
 * (e2e/specs/member-phone.spec.ts), so it imports little. Without a network the fields cannot
 * come: a toast says so.
 */
export function TransferDetails<T extends TransferValues, O>({
  control,
}: {
  control: Control<T, unknown, O>;
}) {
  const i18n = useTexts();
  const [loaded, setLoaded] = useState<{ Fields: typeof TransferFields }>();
  if (loaded) return <loaded.Fields control={control} />;
  const open = () =>
    import('./transfer-fields.tsx').then(
      (m) => setLoaded({ Fields: m.TransferFields }),
      (error: unknown) =>
        import('../../../lib/messages.ts').then(({ toastError }) => toastError(error)),
    );
  return (
    <button
      type="button"
      aria-expanded="false"
      onClick={() => void open()}
      className="min-h-11 self-start text-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {i18n._('dues.transfer.add')}
    </button>
  );
}
