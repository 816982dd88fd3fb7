// The checks after a kill: through the API with the server up again (every acknowledged
// write is there), then in the database with the server stopped.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { must } from './http.mjs';

export async function checkThroughApi(call, people, acked) {
  const problems = [];
  const seen = new Map();
  for (const m of people.members) {
    let cursor = '';
    for (;;) {
      const page = await must(
        call('GET', `/api/my-payments?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
          token: m.token,
        }),
        'my-payments',
      );
      for (const p of page.items) seen.set(p.id, p);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
  }
  for (const s of acked.submissions) {
    const p = seen.get(s.id);
    if (!p) {
      problems.push(`acknowledged payment ${s.id} is missing`);
      continue;
    }
    if (!p.receipt_url) problems.push(`payment ${s.id} has no receipt`);
  }
  for (const [id, status] of acked.decisions) {
    const p = seen.get(id);
    if (p && p.status !== status)
      problems.push(`payment ${id} is ${p.status}, acknowledged ${status}`);
  }
  // Every receipt of an acknowledged submission is served.
  for (const s of acked.submissions) {
    const p = seen.get(s.id);
    if (!p?.receipt_url) continue;
    const res = await call('GET', p.receipt_url, { token: s.member.token });
    if (res.status !== 200 || !(res.body.length > 0))
      problems.push(`receipt of payment ${s.id} answers ${res.status}`);
  }
  const trial = await must(
    call('GET', '/api/admin/ledger/trial-balance', { token: people.admin }),
    'trial balance',
  );
  if (!trial.balanced) problems.push(`trial balance: ${JSON.stringify(trial)}`);
  return problems;
}

/** A plain query on the run's database: PostgreSQL, or the embedded one (started here, with the
 * server stopped, as the server starts it). */
async function withDatabase(target, fn) {
  if (target.url) {
    const c = new pg.Client({ connectionString: target.url });
    await c.connect();
    try {
      return await fn((text) => c.query(text).then((r) => r.rows));
    } finally {
      await c.end();
    }
  }
  const { startEmbeddedPostgres } = await tsImport(
    '../../apps/server/src/db/embedded-postgres.ts',
    import.meta.url,
  );
  const embedded = await startEmbeddedPostgres(path.join(target.dataDir, 'postgres'));
  try {
    return await withDatabase({ url: embedded.url }, fn);
  } finally {
    await embedded.stop();
  }
}

/** Run with the server stopped: every file row has its bytes, and the books balance. */
export async function checkStoredState(target) {
  return withDatabase(target, async (query) => {
    const problems = await checkFilesAndBooks(query);
    // Every process of a cluster has a data folder: none may hold an upload (decision 032).
    for (const dataDir of target.dataDirs ?? [target.dataDir])
      if (existsSync(path.join(dataDir, 'uploads')))
        problems.push(`${dataDir}/uploads exists: uploads belong in the database`);
    const counts = await query(
      `select (select count(*) from payments)::int as payments, (select count(*) from files)::int as files,
              (select count(*) from journal_entries)::int as entries`,
    );
    return { problems, counts: counts[0] };
  });
}

/** The database's own checks: files and their bytes, balanced entries, approvals posted once. */
export async function checkFilesAndBooks(query) {
  const problems = [];
  const withoutBytes = await query(
    `select f.storage_key from files f
        where not exists (select 1 from file_contents c where c.storage_key = f.storage_key)`,
  );
  for (const r of withoutBytes) problems.push(`file row without its bytes: ${r.storage_key}`);
  // Bytes without their row cannot be: file_contents' foreign key refuses them.
  const unreceipted = await query(
    `select id from payments where kind = 'dues' and receipt_file_id is null`,
  );
  for (const r of unreceipted) problems.push(`dues payment ${r.id} has no receipt row`);
  const unbalanced = await query(
    'select entry_id, sum(amount_fils) as s from postings group by entry_id having sum(amount_fils) <> 0',
  );
  for (const r of unbalanced) problems.push(`entry ${r.entry_id} is off by ${r.s} fils`);
  const [total] = await query('select coalesce(sum(amount_fils), 0)::text as s from postings');
  if (total.s !== '0') problems.push(`all postings sum to ${total.s} fils`);
  const approvedWithoutEntry = await query(
    `select p.id from payments p where p.status = 'approved'
         and (select count(*) from journal_entries j where j.payment_id = p.id and j.kind <> 'reversal') <> 1`,
  );
  for (const r of approvedWithoutEntry)
    problems.push(`approved payment ${r.id} has no single journal entry`);
  return problems;
}
