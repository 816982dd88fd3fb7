// The requests: about 70 % reads, weighted as the app's pages send them, and 30 % writes
// (dues with a receipt, the treasurer's decisions, messages, reading notifications), each with
// the answer expected and what it changes in what the soak knows of the people.
import { seededRandom } from '../seed-scale/random.ts';
import { field } from './field.ts';
import type { Member, People } from './people.ts';

/** The run's choices: a seeded generator (--seed repeats a run's) and a pick from a list. */
export interface Choices {
  random: () => number;
  pick: <T>(list: readonly T[]) => T | undefined;
}

export function seededChoices(seed: number): Choices {
  const random = seededRandom(seed);
  return { random, pick: (list) => list[Math.floor(random() * list.length)] };
}

export interface Call {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  json?: unknown;
  form?: FormData;
  idempotent?: boolean;
  expect: number;
  onOk?: (body: unknown) => void;
  onError?: () => void;
}

function anyMember(p: People, c: Choices): Member {
  return c.pick(p.members)!;
}

const READS: Array<[number, (p: People, c: Choices) => Call]> = [
  [18, (p, c) => get('account data', '/my-account-data', anyMember(p, c))],
  [8, (p, c) => get('profile', '/profile', anyMember(p, c))],
  [8, (p, c) => get('my payments', '/my-payments?limit=20', anyMember(p, c))],
  [
    8,
    (p, c) => {
      const m = anyMember(p, c);
      return {
        ...get('notifications', '/notifications?limit=20', m),
        onOk: (body) => {
          const items = field(body, 'items');
          if (!Array.isArray(items)) return;
          m.unreadIds = items
            .filter((n) => field(n, 'read') === false)
            .map((n) => Number(field(n, 'id')));
        },
      };
    },
  ],
  [14.5, (p, c) => get('unread count', '/notifications/unread-count', anyMember(p, c))],
  [6, (p, c) => get('chat thread', '/messages?limit=30', anyMember(p, c))],
  // The treasurer's overview, which every admin page refetches for its badges. It once summed
  // every posting ever made (0.8 s on PGlite with 10k members, holding its one connection,
  // so the first soak timed out at this share); it now reads the ledger's month totals.
  [3, (p) => get('admin overview', '/admin/overview', null, p.admin)],
  [4, (p) => get('admin pending', '/admin/payments?status=pending&limit=20', null, p.admin)],
  [
    2,
    (p, c) => {
      const m = c.pick(p.wroteToCommittee) ?? anyMember(p, c);
      return get('admin thread', `/admin/messages/${m.id}?limit=30`, null, p.admin);
    },
  ],
  [1, (p) => get('admin chats', '/admin/messages?limit=20', null, p.admin)],
];

function get(kind: string, route: string, m: Member | null, token = m?.token ?? ''): Call {
  return { kind, method: 'GET', path: `/api${route}`, token, expect: 200 };
}

function submitDues(p: People, c: Choices): Call | null {
  const open = p.members.filter((m) => m.dues === 'open' && !m.busy);
  const m = c.pick(open);
  if (!m) return null;
  m.busy = true;
  const receipt = c.pick(p.receipts)!;
  const form = new FormData();
  form.set('payment_amount', p.dueAed);
  form.set('month', p.monthName);
  form.set('account_number', 'AE070331234567890123456');
  form.set('photo', receipt.blob, receipt.name);
  return {
    kind: 'submit dues',
    method: 'POST',
    path: '/api/save-monthly-payment',
    token: m.token,
    form,
    idempotent: true,
    expect: 200,
    onOk: (body) => {
      m.busy = false;
      const id = Number(field(body, 'payment', 'id'));
      if (!Number.isInteger(id)) return void (m.dues = 'broken');
      m.dues = 'pending';
      p.pendingQueue.push({ paymentId: id, member: m });
    },
    onError: () => {
      m.busy = false;
      m.dues = 'broken';
    },
  };
}

function decide(p: People, elapsedFraction: number): Call | null {
  const next = p.pendingQueue.shift();
  if (!next) return null;
  const { member: m, paymentId, amount } = next;
  const approve = p.approvals < Math.floor(p.approvalBudget * elapsedFraction);
  if (approve) p.approvals++;
  return {
    kind: approve ? 'approve' : 'reject',
    method: 'POST',
    path: `/api/admin/payments/${paymentId}/${approve ? 'approve' : 'reject'}`,
    token: p.admin,
    json: approve
      ? { ...(amount === undefined ? {} : { amount }) }
      : { reason: 'The receipt is not readable; please send a clearer photo.' },
    idempotent: true,
    expect: 200,
    onOk: () => {
      m.dues = approve ? 'approved' : 'open';
      m.hasNews = true;
    },
    onError: () => {
      m.dues = 'broken';
    },
  };
}

let messageNumber = 0;
function memberMessage(p: People, c: Choices): Call {
  const m = anyMember(p, c);
  const form = new FormData();
  form.set('body', `Soak test question ${++messageNumber}: when is my receipt reviewed?`);
  return {
    kind: 'member message',
    method: 'POST',
    path: '/api/messages',
    token: m.token,
    form,
    expect: 201,
    onOk: () => {
      if (!p.awaitingReply.includes(m)) p.awaitingReply.push(m);
      if (!p.wroteToCommittee.includes(m)) p.wroteToCommittee.push(m);
    },
  };
}

function adminReply(p: People): Call | null {
  const m = p.awaitingReply.shift();
  if (!m) return null;
  const form = new FormData();
  form.set('body', 'Thank you: the committee reviews receipts within a day.');
  return {
    kind: 'admin reply',
    method: 'POST',
    path: `/api/admin/messages/${m.id}`,
    token: p.admin,
    form,
    expect: 201,
    onOk: () => void (m.hasNews = true),
  };
}

function readNotifications(p: People, c: Choices): Call {
  const withIds = p.members.filter((m) => m.unreadIds.length);
  const m = c.pick(withIds);
  if (m) {
    const id = m.unreadIds.shift()!;
    return {
      kind: 'notification read',
      method: 'POST',
      path: `/api/notifications/${id}/read`,
      token: m.token,
      expect: 200,
    };
  }
  const someone = c.pick(p.members.filter((x) => x.hasNews)) ?? anyMember(p, c);
  someone.hasNews = false;
  return {
    kind: 'notifications read-all',
    method: 'POST',
    path: '/api/notifications/read-all',
    token: someone.token,
    expect: 200,
  };
}

function writeCall(p: People, c: Choices, elapsedFraction: number): Call {
  const dice = c.random() * 30;
  // When a write has no one to do it (no open month, nothing to review), the nearest one.
  if (dice < 9) return submitDues(p, c) ?? decide(p, elapsedFraction) ?? memberMessage(p, c);
  if (dice < 18) return decide(p, elapsedFraction) ?? submitDues(p, c) ?? memberMessage(p, c);
  if (dice < 22) return memberMessage(p, c);
  if (dice < 25) return adminReply(p) ?? memberMessage(p, c);
  if (dice < 28) return readNotifications(p, c);
  if (dice < 29)
    return {
      kind: 'member chat read',
      method: 'POST',
      path: '/api/messages/read',
      token: anyMember(p, c).token,
      expect: 200,
    };
  const m = c.pick(p.wroteToCommittee) ?? anyMember(p, c);
  return {
    kind: 'admin chat read',
    method: 'POST',
    path: `/api/admin/messages/${m.id}/read`,
    token: p.admin,
    expect: 200,
  };
}

const READ_WEIGHT = READS.reduce((s, [w]) => s + w, 0);
export function nextCall(p: People, c: Choices, elapsedFraction: number): Call {
  if (c.random() >= 0.7) return writeCall(p, c, elapsedFraction);
  let dice = c.random() * READ_WEIGHT;
  for (const [w, make] of READS) {
    if (dice < w) return make(p, c);
    dice -= w;
  }
  return READS[0]![1](p, c);
}
