import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: being built for issue 5. Member calls, registered under /api.
export const rechargeRoutes: FastifyPluginAsyncZod = async () => {};

// Admin calls, registered inside /api/admin (every route there requires an admin).
export const rechargeAdminRoutes: FastifyPluginAsyncZod = async () => {};
