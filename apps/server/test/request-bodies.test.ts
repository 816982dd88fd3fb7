// Issue 32, point 6: a request body must arrive within a bound, and one larger than its
// route takes is refused from its Content-Length before it is read. These need the real HTTP
// server (app.inject has no socket), on a port of its own, spoken to byte by byte.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import {
  freshDatabase,
  login,
  makeUser,
  multipart,
  TEST_CONFIG,
  type TestDatabase,
} from './harness.ts';

const REQUEST_TIMEOUT_MS = 1_000;

let testDb: TestDatabase;
let app: FastifyInstance;
let port: number;
let token: string;

beforeAll(async () => {
  testDb = await freshDatabase();
  app = await buildApp(
    TEST_CONFIG,
    { db: testDb.database.db, storage: databaseStorage },
    { requestTimeoutMs: REQUEST_TIMEOUT_MS },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  const member = await makeUser(testDb.database.db, { joinedOn: '2020-01-01' });
  token = await login(app, member.email);
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

interface Exchange {
  /** Everything the server wrote, as latin1 text. */
  received: string;
  /** When the server closed the connection, in ms from the start; null if it did not. */
  closedAtMs: number | null;
}

/**
 * Sends `head` (request line and headers), then `body` as `drip` says, and reads what comes
 * back until the server closes or `waitMs` passes. `onData` may write more once it sees text.
 */
function exchange(
  head: string,
  options: {
    body?: Buffer;
    drip?: { everyMs: number };
    waitMs: number;
    onData?: (received: string, socket: net.Socket) => void;
  },
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAtMs: number | null) => {
      clearInterval(timer);
      clearTimeout(give);
      socket.destroy();
      resolve({ received, closedAtMs });
    };
    const give = setTimeout(() => finish(null), options.waitMs);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the client still writes.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('data', (data) => {
      received += data.toString('latin1');
      options.onData?.(received, socket);
    });
    socket.on('close', () => finish(performance.now() - started));
    socket.write(head);
    const { body, drip } = options;
    if (body && drip) {
      let at = 0;
      timer = setInterval(() => {
        if (at < body.length && !socket.destroyed) socket.write(body.subarray(at, ++at));
      }, drip.everyMs);
    } else if (body) {
      socket.write(body);
    }
  });
}

function answerOf(received: string) {
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  return { status, head, body: body ? (JSON.parse(body) as Record<string, unknown>) : {} };
}

const headLines = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

describe('a request body that arrives too slowly', () => {
  it('is answered 408 in the error shape and closed once the bound has passed', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(60) }));
    const result = await exchange(
      headLines([
        'POST /api/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ]),
      { body, drip: { everyMs: 100 }, waitMs: 6_000 },
    );

    const answer = answerOf(result.received);
    expect(answer.status, result.received).toBe(408);
    expect(answer.body).toEqual({ status_code: 408, message: expect.any(String) });
    expect(result.closedAtMs).not.toBeNull();
    expect(result.closedAtMs!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(result.closedAtMs!).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
  });
});

describe('a body larger than its route takes', () => {
  const boundary = '----jamiya-big';
  const bigUpload = (extra: string[] = []) =>
    headLines([
      'POST /api/messages HTTP/1.1',
      'Host: localhost',
      `Authorization: Bearer ${token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${200 * 1024 * 1024}`,
      ...extra,
    ]);

  it('is refused with 413 from its Content-Length before any of it is sent', async () => {
    const result = await exchange(bigUpload(), { waitMs: 3_000 });

    const answer = answerOf(result.received);
    expect(answer.status, result.received).toBe(413);
    expect(answer.body).toEqual({ status_code: 413, message: expect.any(String) });
    expect(answer.head).toMatch(/\r\nconnection: close/i);
    expect(result.closedAtMs).not.toBeNull();
  });

  it('asking first (Expect: 100-continue), is refused with 413 and never told to go on', async () => {
    const result = await exchange(bigUpload(['Expect: 100-continue']), { waitMs: 3_000 });

    expect(result.received).not.toMatch(/^HTTP\/1\.1 100/);
    expect(answerOf(result.received).status, result.received).toBe(413);
  });

  it('sent in chunks (no Content-Length), is refused with 413 once its file passes 10 MB, the rest unread', async () => {
    const chunk = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    const start = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const result = await exchange(
      headLines([
        'POST /api/messages HTTP/1.1',
        'Host: localhost',
        `Authorization: Bearer ${token}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding: chunked',
      ]),
      // 11 MB of the file, and then nothing more: the server must not wait for the rest.
      {
        body: Buffer.concat([chunk(start), chunk(Buffer.alloc(11 * 1024 * 1024, 0x20))]),
        waitMs: 5_000,
      },
    );

    const answer = answerOf(result.received);
    expect(answer.status, result.received).toBe(413);
    expect(answer.body).toEqual({ status_code: 413, message: expect.any(String) });
    expect(result.closedAtMs).not.toBeNull();
    expect(result.closedAtMs!).toBeLessThan(3_000);
  });

  it('is refused with 413 for a JSON route over 1 MB, before it is read', async () => {
    const result = await exchange(
      headLines([
        'POST /api/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        `Content-Length: ${2 * 1024 * 1024}`,
      ]),
      { waitMs: 3_000 },
    );

    expect(answerOf(result.received).status, result.received).toBe(413);
  });

  it('lets a receipt of a normal size through, also when the client asks first', async () => {
    const photo = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#408020' },
    })
      .png()
      .toBuffer();
    const form = multipart(
      { body: 'My receipt' },
      { attachment: { filename: 'r.png', contentType: 'image/png', data: photo } },
    );
    let sent = false;
    const result = await exchange(
      headLines([
        'POST /api/messages HTTP/1.1',
        'Host: localhost',
        'Connection: close',
        `Authorization: Bearer ${token}`,
        `Content-Type: ${form.headers['content-type']}`,
        `Content-Length: ${form.payload.length}`,
        'Expect: 100-continue',
      ]),
      {
        waitMs: 5_000,
        onData: (received, socket) => {
          if (!sent && received.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
            sent = true;
            socket.write(form.payload);
          }
        },
      },
    );

    expect(sent, result.received).toBe(true);
    const final = result.received.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
    expect(answerOf(final).status, final).toBe(201);
  });
});
