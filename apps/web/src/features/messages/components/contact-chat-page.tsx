// Placeholder: being built for issue 5.
export function ContactChatPage() {
  return null;
}
