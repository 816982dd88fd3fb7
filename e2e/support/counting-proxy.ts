import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the app that counts the bytes of bodies as they pass, both ways: what a
 * phone receives and sends, its service worker's requests included (the headers, which HTTP/2
 * compresses, aside). For e2e/specs/member-phone.spec.ts and scripts/phone-bench.mjs.
 */
export async function startCountingProxy(target: string): Promise<{
  url: string;
  /** Each answer received so far: its path and the bytes of its body, as sent (compressed). */
  received: { path: string; bytes: number }[];
  /** The bytes of request bodies so far (uploads). */
  sent: () => number;
  close: () => void;
}> {
  const { hostname, port } = new URL(target);
  const received: { path: string; bytes: number }[] = [];
  let sent = 0;
  const server = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (sent += chunk.length));
    const upstream = http.request(
      { host: hostname, port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        let bytes = 0;
        answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
        answer.on('end', () => received.push({ path: req.url ?? '', bytes }));
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    sent: () => sent,
    close: () => server.close(),
  };
}
