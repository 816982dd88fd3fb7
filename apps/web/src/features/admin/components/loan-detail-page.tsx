// Placeholder: being built for issue 4.
export function AdminLoanDetailPage() {
  return null;
}
