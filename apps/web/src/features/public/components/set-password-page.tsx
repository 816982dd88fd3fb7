// Placeholder: being built for issue 4.
export function SetPasswordPage() {
  return null;
}
