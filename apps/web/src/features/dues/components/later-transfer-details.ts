import { lazy, type ComponentType } from 'react';
import type { Control } from 'react-hook-form';
import type { TransferValues } from './transfer-fields.tsx';

/**
 * A payment form's optional part (transfer-details.tsx), to show in a Suspense: it comes with
 * the form, not with the page's first load, and the form does without it if it cannot come.
 */
export const laterTransferDetails = <T extends TransferValues, O>() =>
  lazy<ComponentType<{ control: Control<T, unknown, O> }>>(() =>
    import('./transfer-details.tsx').then(
      (m) => ({ default: m.TransferDetails }),
      () => ({ default: () => null }),
    ),
  );
