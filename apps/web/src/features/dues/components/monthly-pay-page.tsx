export function MonthlyPayPage() {
  return <p>MonthlyPayPage</p>;
}
