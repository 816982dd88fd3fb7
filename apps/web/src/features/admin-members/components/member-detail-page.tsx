// Placeholder: being built for issue 4.
export function MemberDetailPage() {
  return null;
}
