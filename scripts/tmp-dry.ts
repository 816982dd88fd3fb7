import { IMPORT_COLUMNS } from '@jamiya/contracts/imports';
import { multipartForm } from './bench-support.ts';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD } from './seed-scale/sign-ins.ts';
const base = 'http://127.0.0.1:3941';
const r0 = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: SCALE_ADMIN_EMAIL, password: SCALE_PASSWORD }) });
const admin = { authorization: `Bearer ${((await r0.json()) as { access_token: string }).access_token}` };
const wrong = Buffer.from([IMPORT_COLUMNS.join(','), ...Array.from({ length: 20000 }, (_, i) => IMPORT_COLUMNS.map((c) => (c === 'name' ? `Member ${i}` : 'wrong!')).join(','))].join('\r\n'));
for (let k = 0; k < 3; k++) {
  const form = multipartForm({ as_of: '2026-10-15', opening_cash: '50000', dry_run: 'true' }, { name: 'members.csv', type: 'text/csv', data: wrong }, admin);
  const t = performance.now();
  const r = await fetch(`${base}/api/admin/imports`, { method: 'POST', headers: form.headers, body: form.payload });
  const b = await r.arrayBuffer();
  console.log(r.status, b.byteLength, (performance.now() - t).toFixed(0), 'ms');
}
