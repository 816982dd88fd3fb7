import type { FastifyInstance } from 'fastify';

// The headers every answer carries, errors included. Written here rather than taken from
// @fastify/helmet: the app sends these five and the page's policy (web-app.ts), and helmet's
// defaults would add others (HSTS belongs to the proxy that terminates TLS; a CSP on JSON).
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    // An API URL or a file id never leaks to another site.
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    // Another site's window keeps no handle on the app's, nor embeds an answer of it (a receipt).
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}
