import type { z } from 'zod';
import type { profileUpdateResponse } from '@jamiya/contracts/profile';
import type { Language } from '@jamiya/contracts/languages';
import { api } from '../lib/api-client.ts';

/**
 * POST /api/profile/language: the member's language, kept on the profile for what reaches him
 * outside the app (mails, reminders). Shared as the profile menus of the phone and the desktop
 * both offer the choice.
 */
export function saveLanguage(language: Language) {
  return api<z.infer<typeof profileUpdateResponse>>('/api/profile/language', {
    json: { language },
  });
}
