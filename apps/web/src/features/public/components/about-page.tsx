export function AboutPage() {
  return <p>AboutPage</p>;
}
