import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, importDryRun } from '@jamiya/contracts/imports';
import { expectError, multipart, postForm, useTestApp } from '../../../test/harness.ts';

// Issue 51, point 5: a file with every cell wrong is answered with how many cells and rows
// are wrong and the first thousand of them, by row; 20,000 rows of it made a 25 MB answer.

const t = useTestApp();

/** `rows` members, every cell but the name wrong. */
const everyCellWrong = (rows: number) =>
  Buffer.from(
    [
      IMPORT_COLUMNS.join(','),
      ...Array.from({ length: rows }, (_, i) =>
        IMPORT_COLUMNS.map((c) => (c === 'name' ? `Member ${i}` : 'wrong!')).join(','),
      ),
    ].join('\r\n'),
  );

async function send(data: Buffer, dryRun: boolean) {
  const admin = await t.login((await t.makeUser({ role: 'admin' })).email);
  return postForm(
    t.app,
    '/api/admin/imports',
    admin,
    multipart(
      { as_of: '2026-10-15', opening_cash: '50000', dry_run: String(dryRun) },
      { file: { filename: 'members.csv', contentType: 'text/csv', data } },
    ),
  );
}

describe('a file with every cell wrong', () => {
  it('says how many cells and rows are wrong, and lists the first thousand by row', async () => {
    const res = await send(everyCellWrong(300), true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.error_rows).toBe(300);
    expect(body.errors_total).toBeGreaterThan(1_000);
    expect(body.errors).toHaveLength(1_000);
    const rows = body.errors.map((e: { row: number }) => e.row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(rows[0]).toBe(2);
    expect(body.lines).toHaveLength(300);
    // Written without the schema's check on the way out (a large answer held the server).
    expect(importDryRun.safeParse(body).error).toBeUndefined();
  });

  it('lists them all when they are fewer', async () => {
    const body = (await send(everyCellWrong(3), true)).json();
    expect(body.errors).toHaveLength(body.errors_total);
    expect(body.error_rows).toBe(3);
  });

  it('refuses to apply it, with the count of all and the first thousand', async () => {
    const dry = (await send(everyCellWrong(300), true)).json();
    const refused = expectError(await send(everyCellWrong(300), false), 422);
    expect(refused.message).toContain(`${dry.errors_total.toLocaleString('en')} cells need`);
    expect(refused.errors).toHaveLength(1_000);
  });
});
