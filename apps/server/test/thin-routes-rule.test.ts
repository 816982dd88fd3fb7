import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tsParser from '@typescript-eslint/parser';
// @ts-expect-error: a plain JavaScript module of the lint set-up, without types.
import thinRoutes from '../../../scripts/eslint/thin-routes.js';

// The lint rule that keeps routes thin (issue 52): what it lets through and what it refuses.
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tsParser } });

tester.run('thin-routes', thinRoutes, {
  valid: [
    "app.get('/loans/:id', { schema }, async (request) => adminLoanOf(db, request.params.id));",
    "app.post('/x', {}, async (request, reply) => { const f = await request.file(); const a = await saveIt(db, f); return reply.status(201).send(a); });",
    "await app.register(other);",
    "app.addHook('onClose', async () => { await Promise.allSettled(mails); });",
  ],
  invalid: [
    {
      code: "app.post('/x', {}, async (request) => { const done = await approve(db, 1); return view(await reread(db, done.id)); });",
      errors: [{ messageId: 'many', data: { count: '2' } }],
    },
    {
      code: "app.get<{ Params: P }>('/o', {}, async () => { const [a, b] = await Promise.all([one(db), two(db)]); return { a, b }; });",
      errors: [{ messageId: 'many', data: { count: '2' } }],
    },
    {
      code: "async function loadUser(id) { return (await find(db, id)) ?? null; }",
      errors: [{ messageId: 'outside' }],
    },
    {
      code: "app.get('/u', {}, async () => db.select().from(users));",
      errors: [{ messageId: 'db' }],
    },
  ],
});
