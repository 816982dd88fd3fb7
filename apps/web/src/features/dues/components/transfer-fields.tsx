import { useEffect, useRef } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field, inputClass } from '../../../components/field.tsx';

/** A form with the two optional fields of a transfer's receipt. */
export type TransferValues = FieldValues & { transfer_date?: unknown; bank_reference?: unknown };

/**
 * The date's first part, its day, brought to the middle of the form: clear of the modal's
 * buttons, which stay over the bottom of its body.
 */
function focusDay(fields: HTMLElement | null) {
  const day = fields?.querySelector('select');
  day?.scrollIntoView?.({ block: 'center' });
  day?.focus({ preventScroll: true });
}

/**
 * The transfer's date and the bank's reference, copied from the receipt (both optional), for
 * the treasurer to find the transfer in the bank's statement. Shown when the member asks for
 * them (transfer-details.tsx).
 */
export function TransferFields<T extends TransferValues, O>({
  control,
}: {
  control: Control<T, unknown, O>;
}) {
  const i18n = useTexts();
  const date = useController({ control, name: 'transfer_date' as Path<T> });
  const reference = useController({ control, name: 'bank_reference' as Path<T> });
  const ref = useRef<HTMLDivElement>(null);
  const { ref: dateRef } = date.field;
  // The day takes the focus when the fields come, and when the date is refused (react-hook-form
  // focuses the first field in error).
  useEffect(() => dateRef({ focus: () => focusDay(ref.current) }), [dateRef]);
  useEffect(() => focusDay(ref.current), []);
  const thisYear = new Date().getFullYear();
  const dateError = date.fieldState.error;
  return (
    <div ref={ref} className="flex flex-col gap-4">
      <Field
        label={i18n._('dues.transfer.date')}
        // A part not chosen says so, rather than the schema's "as YYYY-MM-DD".
        error={
          dateError &&
          (date.field.value === INCOMPLETE ? i18n._('common.date.incomplete') : dateError.message)
        }
      >
        {(a) => (
          <DateField
            {...a}
            label={i18n._('dues.transfer.date')}
            value={(date.field.value as string | undefined) ?? ''}
            onChange={date.field.onChange}
            // A transfer of late December is still sent in January.
            fromYear={thisYear - 1}
            toYear={thisYear}
          />
        )}
      </Field>
      <Field
        label={i18n._('dues.transfer.reference')}
        hint={i18n._('dues.transfer.referenceHint')}
        error={reference.fieldState.error?.message}
      >
        {(a) => (
          // As the bank printed it: left to right in Arabic and Urdu too.
          <input
            {...a}
            {...reference.field}
            value={(reference.field.value as string | undefined) ?? ''}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            className={inputClass}
          />
        )}
      </Field>
    </div>
  );
}
