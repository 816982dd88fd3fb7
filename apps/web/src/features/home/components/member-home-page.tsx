export function MemberHomePage() {
  return <p>MemberHomePage</p>;
}
