export function MyLoanPage() {
  return <p>MyLoanPage</p>;
}
