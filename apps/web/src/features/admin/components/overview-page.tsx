// Placeholder: being built for issue 4.
export function AdminOverviewPage() {
  return null;
}
