export function MyProfilePage() {
  return <p>MyProfilePage</p>;
}
