// Placeholder: being built for issue 4.
export function AdminLoansPage() {
  return null;
}
