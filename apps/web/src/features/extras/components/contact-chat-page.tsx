export function ContactChatPage() {
  return <p>ContactChatPage</p>;
}
