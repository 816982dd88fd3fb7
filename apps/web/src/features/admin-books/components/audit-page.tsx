// Placeholder: being built for issue 4.
export function AuditPage() {
  return null;
}
