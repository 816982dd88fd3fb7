/**
 * Puts text on the clipboard; false when the browser cannot (no clipboard outside a secure
 * context, such as plain http on a local network, or permission refused): the caller then
 * selects the text for the person to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
