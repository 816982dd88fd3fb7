import { useTexts } from '../../../lib/i18n.tsx';
import { translateMessage } from '../../../lib/messages.ts';

/**
 * The text of a field error: this feature's own checks give the ids of its texts;
 * the shared schemas and the server give English sentences, looked up by translateMessage.
 */
export function useFieldText(): (message: string | undefined) => string | undefined {
  const i18n = useTexts();
  return (message) => {
    if (!message) return undefined;
    return i18n.exists(message) ? i18n._(message) : translateMessage(message);
  };
}
