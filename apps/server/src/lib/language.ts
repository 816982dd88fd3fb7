import { parse } from 'cookie';
import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGES, type Language } from '@jamiya/contracts/languages';

/**
 * The language to answer a request in: the visitor's kept choice (the web app's `lang` cookie),
 * else the first of the browser's Accept-Language the app speaks (`hi-IN` is Hindi), else
 * English. The web app sends its language as Accept-Language on every call.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const { cookie } = request.headers;
  const kept = cookie ? parse(cookie).lang : undefined;
  if (isLanguage(kept)) return kept;
  const [best] = new Negotiator(request).languages([...LANGUAGES]);
  return isLanguage(best) ? best : 'en';
}
