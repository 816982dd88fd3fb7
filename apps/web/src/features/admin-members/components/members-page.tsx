// Placeholder: being built for issue 4.
export function MembersPage() {
  return null;
}
