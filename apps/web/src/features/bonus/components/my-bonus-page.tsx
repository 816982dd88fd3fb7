// Placeholder: being built for issue 5.
export function MyBonusPage() {
  return null;
}
