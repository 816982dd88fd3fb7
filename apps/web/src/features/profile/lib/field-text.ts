import { useTranslation } from '../../../lib/i18n.tsx';
import { translateMessage } from '../../../lib/messages.ts';

/**
 * The text of a field error: this feature's own checks give keys of the `profile` namespace;
 * the shared schemas and the server give English sentences, looked up by translateMessage.
 */
export function useFieldText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('profile');
  return (message) => {
    if (!message) return undefined;
    return i18n.exists(message, { ns: 'profile' }) ? t(message) : translateMessage(message);
  };
}
