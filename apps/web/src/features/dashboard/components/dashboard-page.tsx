export function DashboardPage() {
  return <p>DashboardPage</p>;
}
