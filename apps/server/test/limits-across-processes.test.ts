// Issue 32, point 9: what one member may send is counted exactly when two app processes serve
// them, each with its own pool of connections to one PostgreSQL: uploads an hour, messages to
// the committee an hour, recharge requests a day. The requests go at once, split between them.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import { onePagePdf } from './support/uploads.ts';
import { bearer, login, makeUser, multipart, TEST_CONFIG } from './harness.ts';
import { scratchPostgres } from './scratch-postgres.ts';

// Odd, so that the two processes, each taking its own requests one after the other, reach the
// last place in step: each used to count the same rows and both went in.
const LIMITS = { uploadsPerHour: 5, messagesPerHour: 7, rechargeRequestsPerDay: 5 };

describe('member limits across two processes over one PostgreSQL', () => {
  let drop: () => Promise<void>;
  const databases: Database[] = [];
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!, 'jamiya_limits');
    drop = scratch.drop;
    for (let i = 0; i < 2; i++) databases.push(await openPostgres(scratch.url, 5));
    apps = await Promise.all(
      databases.map((database) =>
        buildApp({ ...TEST_CONFIG, ...LIMITS }, { db: database.db, storage: databaseStorage }),
      ),
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  async function member() {
    const user = await makeUser(databases[0]!.db, { joinedOn: '2020-01-01' });
    return login(apps[0]!, user.email);
  }

  const ROUNDS = 3;

  /**
   * For each of ROUNDS new members, sends `count` requests at once, every other one to the
   * second process; the statuses of each round.
   */
  async function atOnce(
    count: number,
    request: (app: FastifyInstance, token: string, i: number) => Promise<LightMyRequestResponse>,
  ): Promise<number[][]> {
    const rounds: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const token = await member();
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) => request(apps[i % 2]!, token, i)),
      );
      rounds.push(answers.map((res) => res.statusCode).sort());
    }
    return rounds;
  }

  const counted = (rounds: number[][], code: number) =>
    rounds.map((statuses) => statuses.filter((s) => s === code).length);
  const each = (n: number) => Array.from({ length: ROUNDS }, () => n);

  it('holds a member to the recharge requests a day', async () => {
    const rounds = await atOnce(2 * LIMITS.rechargeRequestsPerDay + 2, (app, token) =>
      app.inject({
        method: 'POST',
        url: '/api/recharge-requests',
        headers: bearer(token),
        payload: { operator: 'jio', number: '9876543210', amount: 50 },
      }),
    );

    expect(counted(rounds, 201)).toEqual(each(LIMITS.rechargeRequestsPerDay));
    expect(counted(rounds, 429)).toEqual(each(LIMITS.rechargeRequestsPerDay + 2));
  });

  it('holds a member to the messages an hour', async () => {
    const rounds = await atOnce(2 * LIMITS.messagesPerHour + 2, (app, token, i) =>
      app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(token),
        payload: { body: `Hello ${i}` },
      }),
    );

    expect(counted(rounds, 201)).toEqual(each(LIMITS.messagesPerHour));
    expect(counted(rounds, 429)).toEqual(each(LIMITS.messagesPerHour + 2));
  });

  it('holds a member to the files an hour', async () => {
    const pdf = await onePagePdf();
    const rounds = await atOnce(LIMITS.uploadsPerHour + 3, (app, token, i) => {
      const form = multipart(
        { body: `Receipt ${i}` },
        { attachment: { filename: 'r.pdf', contentType: 'application/pdf', data: pdf } },
      );
      return app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { ...bearer(token), ...form.headers },
        payload: form.payload,
      });
    });

    expect(counted(rounds, 201)).toEqual(each(LIMITS.uploadsPerHour));
    expect(counted(rounds, 429)).toEqual(each(3));
  });
});
