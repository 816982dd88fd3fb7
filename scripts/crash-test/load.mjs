// The load until the kill: every member submits dues with a receipt, over and over, while
// two treasurers approve and reject what is pending. What got a 2xx is noted in `acked`.
import sharp from 'sharp';
import { upstreamOf } from './http.mjs';
import { MONTHS, pick, random } from './options.mjs';

async function receipt() {
  const background = { r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: 90 };
  return sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * The load sends far more receipts than a member would (most refused, a month being pending or
 * paid), and every upload counts against the member's quota (decision 034): the server under
 * load takes them all, the quotas being tested elsewhere (apps/server/test/upload-quotas.test.ts).
 */
export const LOAD_ENV = {
  UPLOADS_PER_HOUR: '1000000',
  UPLOAD_MB_PER_DAY: '1000000',
  UPLOAD_MB_TOTAL: '1000000',
};

export async function load(call, people, acked, stop) {
  const member = async (m) => {
    while (!stop.now) {
      const form = new FormData();
      form.set('payment_amount', '200');
      form.set('month', pick(MONTHS));
      form.set('account_number', 'AE070331234567890123456');
      form.set('photo', new Blob([await receipt()], { type: 'image/png' }), 'receipt.png');
      try {
        const res = await call('POST', '/api/save-monthly-payment', { token: m.token, form });
        acked.statuses[res.status] = (acked.statuses[res.status] ?? 0) + 1;
        if (res.status >= 200 && res.status < 300) {
          acked.submissions.push({ member: m, id: res.body.payment.id, by: upstreamOf(res) });
        } else if (res.status >= 500) {
          acked.serverErrors.push(`submit ${res.status} ${JSON.stringify(res.body)}`);
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  const treasurer = async () => {
    while (!stop.now) {
      try {
        const list = await call('GET', '/api/admin/payments?status=pending&limit=20', {
          token: people.admin,
        });
        const items = list.body.items ?? [];
        if (items.length === 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const p = pick(items);
        // Approving fills the member's month for good; rejecting frees it again.
        const approve = random() < 0.4;
        const res = approve
          ? await call('POST', `/api/admin/payments/${p.id}/approve`, {
              token: people.admin,
              json: {},
            })
          : await call('POST', `/api/admin/payments/${p.id}/reject`, {
              token: people.admin,
              json: { reason: 'Crash test: the receipt is not readable.' },
            });
        if (res.status >= 200 && res.status < 300) {
          acked.decisions.set(p.id, approve ? 'approved' : 'rejected');
        } else if (res.status >= 500) {
          acked.serverErrors.push(`decide ${res.status} ${JSON.stringify(res.body)}`);
        }
      } catch {
        return;
      }
    }
  };
  return Promise.all([...people.members.map(member), treasurer(), treasurer()]);
}
