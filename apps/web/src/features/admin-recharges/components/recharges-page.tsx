// Placeholder: being built for issue 5.
export function RechargesPage() {
  return null;
}
