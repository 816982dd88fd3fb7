import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, errorMessage } from '../../../lib/messages.ts';

/**
 * The submit of a visitor's form: `send` the valid values; when the server refuses, its field
 * errors go beside their fields and its sentence above the form (`problem`, for FormProblem).
 * A new try, valid or not, clears the sentence first.
 */
export function useProblemSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  send: (values: T) => Promise<void>,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        await send(values);
      } catch (error) {
        applyServerErrors(error, form.setError, fields);
        setProblem(errorMessage(error));
      }
    },
    () => setProblem(null),
  );
  return { problem, onSubmit };
}
