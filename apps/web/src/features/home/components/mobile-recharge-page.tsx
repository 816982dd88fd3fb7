export function MobileRechargePage() {
  return <p>MobileRechargePage</p>;
}
