import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '../lib/errors.ts';
import { translate, type Say } from '../lib/i18n.ts';
import { requestLanguage } from '../lib/language.ts';

interface WithMessage {
  message: Say;
  errors?: FieldErrors;
}

function isWithMessage(payload: unknown): payload is WithMessage {
  if (typeof payload !== 'object' || payload === null || !('message' in payload)) return false;
  const { message } = payload;
  return typeof message === 'string' || (typeof message === 'object' && message !== null);
}

export function installAnswerTranslation(app: FastifyInstance): void {
  // Every answer's message and field errors, errors and successes alike, are English sentences
  // where they are written: here they are put in the request's language (lib/i18n.ts).
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!isWithMessage(payload)) return payload;
    const language = requestLanguage(request);
    const translated: WithMessage = { ...payload, message: translate(language, payload.message) };
    // An import's wrong cells come as a list, each already in the reader's language.
    if (payload.errors && !Array.isArray(payload.errors)) {
      translated.errors = Object.fromEntries(
        Object.entries(payload.errors).map(([field, says]) => [
          field,
          says.map((say) => translate(language, say)),
        ]),
      );
    }
    return translated;
  });
}
