export function JoinPage() {
  return <p>JoinPage</p>;
}
