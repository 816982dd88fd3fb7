/**
 * A sentence from the server that belongs to no one field (too many tries, a network failure,
 * a wrong password), above the form.
 */
export function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-3 font-medium text-red-900"
    >
      {message}
    </p>
  );
}
