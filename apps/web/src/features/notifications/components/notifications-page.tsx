// Placeholder: being built for issue 5.
export function NotificationsPage() {
  return null;
}
