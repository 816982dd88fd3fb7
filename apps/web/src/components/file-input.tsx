import type { RefObject } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { inputClass, type FieldControlProps } from './field.tsx';

/**
 * A photo or a PDF chosen for a form (a receipt, an attachment): the form's field `name` holds
 * the File itself, not the input's text. `field` is what the Field gives its control;
 * `inputRef`, when given, lets the form empty the input. `cameraLabel`, when given, adds a
 * button that opens the phone's camera (on a touch screen; the file input opens the gallery).
 * `refuse`, when given, is asked about each file chosen: a file it refuses is not kept (the
 * form's value is emptied, and so is the input), so that nothing is prepared or sent.
 * `accept` names the files offered (a photo or a PDF unless told: a spreadsheet to import).
 */
export function FileInput<T extends FieldValues, O>({
  control,
  name,
  field: fieldProps,
  inputRef,
  cameraLabel,
  refuse,
  accept = 'image/*,application/pdf',
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  field: FieldControlProps;
  inputRef?: RefObject<HTMLInputElement | null>;
  cameraLabel?: string;
  refuse?: (file: File) => boolean;
  accept?: string;
}) {
  const hasCamera = Boolean(cameraLabel) && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const choose = (input: HTMLInputElement) => {
          const file = input.files?.[0];
          if (file && refuse?.(file)) {
            input.value = '';
            field.onChange(undefined);
          } else field.onChange(file);
        };
        return (
          <div className="flex flex-col gap-2">
            {hasCamera && (
              <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700">
                {cameraLabel}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  className="sr-only"
                  onChange={(e) => choose(e.target)}
                />
              </label>
            )}
            <input
              {...fieldProps}
              ref={(el) => {
                field.ref(el);
                if (inputRef) inputRef.current = el;
              }}
              name={field.name}
              onBlur={field.onBlur}
              onChange={(e) => choose(e.target)}
              type="file"
              accept={accept}
              className={`${inputClass} file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
            />
          </div>
        );
      }}
    />
  );
}
