import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { retryDelay } from './query-client.ts';

// The calls that move money carry an Idempotency-Key (README, "Safe retries"): one key per
// submission, kept while TanStack Query retries it, so that a request whose answer was lost
// on a bad mobile connection is sent again without moving the money twice. The server then
// answers the retry with the first answer.

const keys = new WeakMap<object, string>();

/** A fresh key: 128 random bits as hex (randomUUID is missing outside secure contexts). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of one submission: TanStack Query retries a mutation with the same variables object. */
export function idempotencyKeyOf(variables: object): string {
  let key = keys.get(variables);
  if (key === undefined) {
    key = newIdempotencyKey();
    keys.set(variables, key);
  }
  return key;
}

/**
 * Only a lost answer (status 0: the network failed) is retried, twice: with its key that is
 * safe. A 5xx is shown (the server frees the key, so tapping again retries it); a 4xx will
 * not change by asking again.
 */
export const retryLostAnswer = (failureCount: number, error: unknown) =>
  error instanceof ApiError && error.status === 0 && failureCount < 2;

/** useMutation for a money call: `mutationFn` gets the submission's Idempotency-Key. */
export function useMoneyMutation<TData, TVariables extends object, TContext = unknown>(
  options: Omit<UseMutationOptions<TData, Error, TVariables, TContext>, 'mutationFn' | 'retry'> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  },
) {
  const { mutationFn, ...rest } = options;
  return useMutation<TData, Error, TVariables, TContext>({
    retryDelay,
    ...rest,
    mutationFn: (variables) => mutationFn(variables, idempotencyKeyOf(variables)),
    retry: retryLostAnswer,
  });
}
