// Placeholder: being built for issue 5.
export function ConversationsPage() {
  return null;
}
