// Placeholder: being built for issue 4.
export function LedgerPage() {
  return null;
}
