// Placeholder: being built for issue 4.
export function AdminLayout() {
  return null;
}
