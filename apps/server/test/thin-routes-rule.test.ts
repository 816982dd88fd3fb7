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
    'await app.register(other);',
    "app.addHook('onClose', async () => { await Promise.allSettled(mails); });",
    // A view of ours made of one service's answer, and the answer written.
    "app.get('/s', {}, async () => toAdminSettings(await getSettings(db)));",
    "app.post('/f', {}, async (request) => { const [file, other] = await Promise.all([request.file(), keep(db)]); return { file, other }; });",
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
      code: 'async function loadUser(id) { return (await find(db, id)) ?? null; }',
      errors: [{ messageId: 'outside' }],
    },
    {
      // A lookup handed to a service of ours given the database: two calls.
      code: "import { sendLetter, exitById } from './letter.ts'; app.get('/l', {}, async (request, reply) => sendLetter(db, await exitById(db, 1), reply));",
      errors: [{ messageId: 'many', data: { count: '2' } }],
    },
    {
      code: "app.post('/m', {}, async (request) => { for (const id of request.body.ids) await save(db, id); return { ok: true }; });",
      errors: [{ messageId: 'many', data: { count: '2' } }],
    },
    {
      code: "app.get('/p', {}, async (request) => Promise.all(request.query.ids.map((id) => load(db, id))));",
      errors: [{ messageId: 'many', data: { count: '2' } }],
    },
    {
      code: "app.get('/t', {}, async () => { const a = await one(db); return two(db).then((b) => [a, b]); });",
      errors: [{ messageId: 'many', data: { count: '2' } }],
    },
    {
      // The request's server is no way round: only its parts are the route's own reading.
      code: "app.post('/s', {}, async (request) => { await request.server.deps.db.transaction(work); return done(await after(db)); });",
      errors: [{ messageId: 'many', data: { count: '2' } }, { messageId: 'db' }],
    },
    {
      code: "app.addHook('preHandler', async () => { await a(); });",
      errors: [{ messageId: 'outside' }],
    },
    {
      code: "app.get('/u', {}, async () => db.select().from(users));",
      errors: [{ messageId: 'db' }],
    },
  ],
});
