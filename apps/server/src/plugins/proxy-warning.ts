import type { FastifyInstance } from 'fastify';

/**
 * Behind a proxy that is not named (TRUST_PROXY unset), every member shares the proxy's
 * address, and sign-in throttling counts them together: said once, where the operator reads.
 */
export function warnOfUnnamedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      "Requests carry X-Forwarded-For but TRUST_PROXY is not set: the proxy's address is taken for every member. Set TRUST_PROXY to the proxy's address.",
    );
  });
}
