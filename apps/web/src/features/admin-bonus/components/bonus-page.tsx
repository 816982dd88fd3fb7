// Placeholder: being built for issue 5.
export function BonusPage() {
  return null;
}
