export function ApplyLoanPage() {
  return <p>ApplyLoanPage</p>;
}
