// Two clients download a member's statement PDF back to back while a third asks /api/health
// every 20 ms, for 15 s; prints the PDFs drawn and the health check's latencies (issue 51,
// docs/performance.md). Run against a server with the demo data:
//   node scripts/pdf-beside-health.mjs [http://localhost:3000]
const base = process.argv[2] ?? 'http://localhost:3000';
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'amina@jamiya.example', password: 'jamiya-demo' }),
});
const { access_token: token } = await login.json();
let stop = false;
let pdfs = 0;
const drawer = async () => {
  while (!stop) {
    const r = await fetch(`${base}/api/my-statement?format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await r.arrayBuffer();
    pdfs++;
  }
};
const times = [];
const prober = async () => {
  while (!stop) {
    const t = performance.now();
    const r = await fetch(`${base}/api/health`);
    await r.text();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const run = [drawer(), drawer(), prober()];
await new Promise((r) => setTimeout(r, 15000));
stop = true;
await Promise.all(run);
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
console.log(
  `PDFs drawn: ${pdfs} in 15 s; health: n=${times.length} p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`,
);
