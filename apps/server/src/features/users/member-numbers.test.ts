import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { useTestApp } from '../../../test/harness.ts';
import { createUser } from './create-user.ts';

// Issue 50, point 9: member numbers run on. A member added in a transaction that is rolled back
// (an import refused halfway, a form refused after the insert) gives no number away.

const t = useTestApp();
const numberOf = (uniqueId: string) => Number(uniqueId.replace(/^JM/, ''));

describe('member numbers', () => {
  it('follow one another, and a rolled-back insert skips none', async () => {
    const first = await t.makeUser();
    await expect(
      t.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++)
          await createUser(tx, {
            name: `Rolled back ${i}`,
            email: `rolled-back-${i}-${first.id}@example.test`,
            password: 'a long password 1',
            joinedOn: '2026-11-01',
          });
        throw new Error('the import was refused');
      }),
    ).rejects.toThrow('the import was refused');
    const next = await t.makeUser();
    expect(first.uniqueId).toMatch(/^JM\d{6}$/);
    expect(numberOf(next.uniqueId)).toBe(numberOf(first.uniqueId) + 1);
    const [kept] = await t.db.select().from(users).where(eq(users.id, next.id));
    expect(kept!.uniqueId).toBe(next.uniqueId);
  });
});
