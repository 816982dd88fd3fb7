// Placeholder: being built for issue 5.
export function StatementPage() {
  return null;
}
