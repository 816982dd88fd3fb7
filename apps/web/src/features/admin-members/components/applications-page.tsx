// Placeholder: being built for issue 4.
export function ApplicationsPage() {
  return null;
}
