export function LandingPage() {
  return <p>LandingPage</p>;
}
