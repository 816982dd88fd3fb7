// Placeholder: being built for issue 4.
export function ReviewQueuePage() {
  return null;
}
