import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document of the routes' zod schemas, and its reference page at /api/docs. */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jamiya API',
        version: '1.0.0',
        description:
          'The API of Jamiya, a community savings and loan association. Amounts are AED as JSON numbers with at most two decimals. Every error is `{ status_code, message, errors? }`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The access_token from POST /api/login.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its own scripts and styles (the plugin's hashes), and never framed; no upgrade to https,
    // which would break the reference on a plain-HTTP development server.
    staticCSP: true,
    // Its scripts stay pinned by hash; its styles may be inline (swagger-ui sets some from
    // script, and the page shows no member's data).
    transformStaticCSP: (csp) =>
      csp
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/docs')) reply.header('X-Frame-Options', 'DENY');
  });
}
