import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The document's tags: one a feature, named as its folder (src/features/<feature>). Each
 * operation carries its feature's tag and an operationId `<feature>.<action>`, written in its
 * route's schema (decision 045).
 */
const API_TAGS = [
  { name: 'system', description: 'The public settings and the health check.' },
  {
    name: 'auth',
    description:
      'Signing in and out, changing the password, and the one-time links to set a password.',
  },
  {
    name: 'passkeys',
    description:
      'Signing in with the phone’s fingerprint or screen lock, beside the password (decision 064).',
  },
  { name: 'membership', description: 'Join Now, and the applications to join.' },
  {
    name: 'members',
    description:
      "The signed-in person's profile and account; the members as the treasurer keeps them.",
  },
  {
    name: 'payments',
    description: 'Dues and loan repayments sent with a receipt, and their review.',
  },
  {
    name: 'loans',
    description:
      'The loan lifecycle, from approval to write-off, and the guarantees members give for each other.',
  },
  {
    name: 'borrowing',
    description:
      "Whether a member may borrow and how much, by the association's rules, and the loan application.",
  },
  { name: 'files', description: 'Receipts, photos and attachments, to those who may read them.' },
  { name: 'statement', description: "A member's statement in JSON, CSV or PDF." },
  { name: 'notifications', description: "The signed-in person's notifications." },
  { name: 'messages', description: 'The conversation between a member and the committee.' },
  { name: 'recharge', description: 'Mobile recharges a member asks the committee for.' },
  { name: 'bonus', description: 'The share-out of the interest income among the members.' },
  {
    name: 'imports',
    description: 'An association brought in from its spreadsheet: members, savings, loans.',
  },
  {
    name: 'bank',
    description: "The association's bank statements matched to the receipts and the books.",
  },
  {
    name: 'arrears',
    description: 'The arrears desk: loans at risk, dues behind, and who to call.',
  },
  {
    name: 'exits',
    description:
      'A member leaving: the settlement, the payout by two admins, the clearance letter.',
  },
  { name: 'overview', description: "The treasurer's first page: headline figures and what waits." },
  { name: 'settings', description: "The association's settings, as the treasurer changes them." },
  { name: 'ledger', description: 'The books (trial balance, journal) and the audit log.' },
  { name: 'proposals', description: 'Money leaving the fund that waits for a second admin.' },
  {
    name: 'year',
    description: "The association's year: its months, locked once books and bank agree.",
  },
] as const;

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
        contact: { name: 'Jamiya maintainers' },
        description:
          'The API of Jamiya, a community savings and loan association. Amounts are AED as JSON numbers with at most two decimals. Every error is `{ status_code, message, errors? }`.',
      },
      // The server that serves this document: its paths start with /api.
      servers: [{ url: '/', description: 'This server' }],
      tags: [...API_TAGS],
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
