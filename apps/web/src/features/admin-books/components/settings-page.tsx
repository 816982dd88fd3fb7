// Placeholder: being built for issue 4.
export function AdminSettingsPage() {
  return null;
}
