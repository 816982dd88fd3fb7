// The people taking part and what the soak knows of them: the treasurer and a sample of
// members, signed in with sessions made in the database, each member's month of dues, the
// queues the treasurer works through, and the receipts to send.
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { payments } from '../../apps/server/src/db/schema/payments.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { createSession } from '../../apps/server/src/features/sessions/sessions.ts';
import { getSettings } from '../../apps/server/src/features/settings/settings.ts';
import { localDate, periodOf } from '../../apps/server/src/lib/calendar.ts';

export type DuesState = 'open' | 'pending' | 'approved' | 'broken';

export interface Member {
  id: number;
  token: string;
  dues: DuesState;
  busy: boolean;
  unreadIds: number[];
  hasNews: boolean;
}

export interface People {
  admin: string;
  members: Member[];
  /** Payments awaiting the treasurer, oldest first: the seed's own first. */
  /** `amount` (AED): a payment seeded without a receipt, which the treasurer approves by its amount. */
  pendingQueue: Array<{ paymentId: number; member: Member; amount?: number }>;
  /** Members whose message waits for an answer. */
  awaitingReply: Member[];
  wroteToCommittee: Member[];
  approvals: number;
  approvalBudget: number;
  monthName: string;
  period: string;
  dueAed: string;
  receipts: Array<{ blob: Blob; name: string }>;
}

async function receipts(): Promise<People['receipts']> {
  const out: People['receipts'] = [];
  for (let i = 0; i < 8; i++) {
    const background = { r: (i * 53) % 256, g: (i * 97) % 256, b: 140 };
    const image = sharp({ create: { width: 240, height: 160, channels: 3, background } });
    const isPng = i % 2 === 0;
    const data = await (isPng ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
    out.push({
      blob: new Blob([new Uint8Array(data)], { type: isPng ? 'image/png' : 'image/jpeg' }),
      name: isPng ? 'receipt.png' : 'receipt.jpg',
    });
  }
  return out;
}

/** Sessions made directly in the database: sign-in throttling (rightly) stops hundreds. */
export async function setUp(
  env: NodeJS.ProcessEnv,
  memberCount: number,
): Promise<{ people: People; userCount: number }> {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const now = new Date();
    const period = periodOf(localDate(now));
    const policy = { ttlMs: config.sessionTtlMs, idleMs: config.sessionIdleMs };
    const meta = { ip: '127.0.0.1', userAgent: 'soak' };
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 1)))
      .orderBy(users.id)
      .limit(1);
    if (!admin) throw new Error('no admin in this database: run npm run seed:scale first');
    // Members whose month is still open first, so that a second soak on the same database
    // still has dues to submit.
    const paid = sql<boolean>`exists (select 1 from payments p where p.user_id = "users"."id"
      and p.kind = 'dues' and p.period = ${period} and p.status = 'approved')`;
    const sample = await db
      .select({ id: users.id, paid })
      .from(users)
      .where(and(eq(users.role, 'member'), eq(users.status, 1)))
      .orderBy(paid, sql`random()`)
      .limit(memberCount);
    if (!sample.length) throw new Error('no members in this database: run npm run seed:scale');
    const pending = await db
      .select({
        id: payments.id,
        userId: payments.userId,
        amountFils: payments.amountFils,
        receiptFileId: payments.receiptFileId,
      })
      .from(payments)
      .where(
        and(
          eq(payments.kind, 'dues'),
          eq(payments.period, period),
          eq(payments.status, 'pending'),
          inArray(
            payments.userId,
            sample.map((u) => u.id),
          ),
        ),
      )
      .orderBy(payments.id);
    const pendingIds = new Map(pending.map((p) => [p.userId, p.id]));
    const members: Member[] = [];
    for (const u of sample) {
      const { token } = await createSession(db, u.id, policy, now, meta);
      members.push({
        id: u.id,
        token,
        dues: u.paid ? 'approved' : pendingIds.has(u.id) ? 'pending' : 'open',
        busy: false,
        unreadIds: [],
        hasNews: false,
      });
    }
    const byId = new Map(members.map((m) => [m.id, m]));
    const { token: adminToken } = await createSession(db, admin.id, policy, now, meta);
    const [{ n: userCount } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users);
    const settings = await getSettings(db);
    const notPaid = members.filter((m) => m.dues !== 'approved').length;
    return {
      userCount,
      people: {
        admin: adminToken,
        members,
        pendingQueue: pending.map((p) => ({
          paymentId: p.id,
          member: byId.get(p.userId)!,
          ...(p.receiptFileId === null ? { amount: p.amountFils / 100 } : {}),
        })),
        awaitingReply: [],
        wroteToCommittee: [],
        approvals: 0,
        // Half of the open months get approved over the run, evenly: the other decisions are
        // rejections, after which the member sends the receipt again.
        approvalBudget: Math.floor(notPaid / 2),
        monthName: MONTH_NAMES[Number(period.slice(5, 7)) - 1]!,
        period,
        dueAed: (settings.monthlyDueFils / 100).toFixed(2),
        receipts: await receipts(),
      },
    };
  } finally {
    await database.close();
  }
}
