export function MyBonusPage() {
  return <p>MyBonusPage</p>;
}
