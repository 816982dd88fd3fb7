/** Why the server refused what a dialog or form asked, said above its buttons. */
export function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
      {message}
    </p>
  );
}
