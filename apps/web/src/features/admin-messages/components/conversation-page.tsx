// Placeholder: being built for issue 5.
export function ConversationPage() {
  return null;
}
