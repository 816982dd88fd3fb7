/**
 * A sentence from the server that belongs to no one field (too many tries, a network failure,
 * a wrong password, why a dialog's call was refused), above the form's or the dialog's buttons.
 * `className` adds to its look (the public and profile forms say it in `font-medium`).
 */
export function FormProblem({
  message,
  className,
}: {
  message: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 p-3 text-red-900${className ? ` ${className}` : ''}`}
    >
      {message}
    </p>
  );
}
