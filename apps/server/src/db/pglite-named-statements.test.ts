import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementsOf, useNamedStatements } from './pglite-named-statements.ts';

describe('named statements on PGlite', () => {
  let pg: PGlite;
  const text = 'select id, name, born, tags from people where id = $1';
  // The same statement, spelled differently: it goes through PGlite's own query().
  const plain = `${text} `;

  beforeAll(async () => {
    pg = await PGlite.create();
    useNamedStatements(pg);
    await pg.exec(`create table people (id int primary key, name text, born timestamptz, tags jsonb);
      insert into people values (1, 'Amina', '1990-05-01T10:00:00Z', '["a", 1]'), (2, null, null, null);`);
    namedStatementsOf(pg)!.register(text);
  });
  afterAll(() => pg.close());

  it('answers as query() does, values and types alike, in both row modes', async () => {
    for (const id of [1, 2, 3]) {
      for (const rowMode of ['array', 'object'] as const) {
        const named = await pg.query(text, [id], { rowMode });
        const own = await pg.query(plain, [id], { rowMode });
        expect(named.rows).toEqual(own.rows);
        expect(named.fields).toEqual(own.fields);
      }
    }
    const [amina] = (await pg.query<{ born: Date; tags: unknown }>(text, [1])).rows;
    expect(amina!.born).toBeInstanceOf(Date);
    expect(amina!.tags).toEqual(['a', 1]);
  });

  it("applies the caller's parsers, per options object, as query() does", async () => {
    const asText = {
      rowMode: 'array',
      parsers: { 1184: (value: string) => `text:${value}` },
    } as const;
    const asYear = {
      rowMode: 'array',
      parsers: { 1184: (value: string) => value.slice(0, 4) },
    } as const;
    for (const options of [asText, asYear, asText, undefined, asYear]) {
      const named = await pg.query(text, [1], options);
      expect(named.rows).toEqual((await pg.query(plain, [1], options)).rows);
    }
    expect((await pg.query<unknown[]>(text, [1], asText)).rows[0]![2]).toMatch(/^text:1990-05-01/);
    expect((await pg.query<unknown[]>(text, [1], asYear)).rows[0]![2]).toBe('1990');
  });

  it('is parsed once, under its own name', async () => {
    await pg.query(text, [1]);
    const { rows } = await pg.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    );
    expect(rows).toEqual([{ name: 'hot_1', statement: text }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const transaction = pg
      .transaction(async (tx) => {
        await tx.query(`insert into people values (3, 'Not kept')`);
        inside();
        await new Promise((r) => setTimeout(r, 50));
        await tx.rollback();
      })
      .catch(() => undefined);
    await begun;
    // Inside the transaction it would see the row it inserted and then rolled back.
    expect((await pg.query(text, [3])).rows).toEqual([]);
    await transaction;
    expect((await pg.query('select count(*)::int as n from people')).rows).toEqual([{ n: 2 }]);
  });

  it('refuses a bad value with the database error and keeps working', async () => {
    await expect(pg.query(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
    expect((await pg.query<{ name: string }>(text, [1])).rows[0]!.name).toBe('Amina');
    await expect(pg.query(text, [{ id: 1 }])).rejects.toThrow(/takes text and numbers/);
    expect((await pg.query<{ name: string }>(text, [1])).rows[0]!.name).toBe('Amina');
  });
});
