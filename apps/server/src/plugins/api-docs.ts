import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The document with only the schemas its operations use, directly or through another schema.
 * The zod type provider writes every schema with an id twice, as read (`<Id>Input`) and as
 * answered (`<Id>`); most are only ever answered, and their `Input` twin would be unused.
 */
function withUsedSchemasOnly<T extends object>(document: T): T {
  const { paths, components } = document as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = components?.schemas ?? {};
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(prefix)) {
        const name = child.slice(prefix.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(paths);
  return {
    ...document,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

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
    transformObject: (document) => withUsedSchemasOnly(jsonSchemaTransformObject(document)),
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
