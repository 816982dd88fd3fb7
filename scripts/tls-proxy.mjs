// A TLS-terminating HTTP/2 front for the bench (npm run bench:lighthouse -- --https): the app
// behind it as a deployment serves it, behind a load balancer or proxy (Caddy, nginx, a cloud
// load balancer) that speaks HTTPS and HTTP/2 to browsers and plain HTTP/1.1 to the app.
// Not for production: its certificate is made on the spot (openssl) and trusted by nobody.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream';

// Per connection, not per message: an HTTP/2 response must not carry them.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** A self-signed certificate for 127.0.0.1, valid for a day, written into `dir`. */
export function makeCertificate(dir) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/**
 * Listens on 127.0.0.1:`port` with HTTPS (HTTP/2, or HTTP/1.1 for clients without it) and
 * passes every request to `target` (http://host:port), as a proxy in front of the app would.
 */
export function startTlsProxy({ target, port, key, cert }) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = upstream.host;
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers,
        agent,
      },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        // An answer cut short resets the stream, so the browser does not take it as whole.
        pipeline(answer, res, (error) => error && abort(res));
      },
    );
    forwarded.on('error', () => {
      if (res.headersSent) abort(res);
      else res.writeHead(502).end();
    });
    // The browser gave up before the answer was sent: nothing more to read from the app.
    res.on('close', () => {
      if (!res.writableFinished) forwarded.destroy();
    });
    req.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function abort(res) {
  if (res.stream) res.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
  else res.destroy();
}

/**
 * The same front as startTlsProxy, served by nginx (Debian's `nginx-light`), as a deployment
 * would run it: a proxy in C does not take the cores the browser needs as a Node one does.
 * Its configuration, certificate and logs live in `dir`; `close()` stops it.
 */
export async function startNginx({ target, port, dir }) {
  const upstream = new URL(target);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  upstream app { server ${upstream.host}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 20m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host ${upstream.host};
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  nginx.stderr.on('data', (d) => (output += d));
  let failure = null;
  nginx.once('error', (error) => (failure = error));
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  // Ready once it takes a connection.
  const until = Date.now() + 10_000;
  for (;;) {
    const isUp = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isUp) break;
    if (failure) throw new Error(`nginx: ${failure.message} (apt-get install nginx-light)`);
    if (nginx.exitCode !== null || Date.now() > until) {
      nginx.kill('SIGKILL');
      const log = path.join(dir, 'nginx-error.log');
      if (fs.existsSync(log)) output += fs.readFileSync(log, 'utf8');
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    close: async () => {
      if (nginx.exitCode === null) nginx.kill('SIGQUIT');
      await exited;
    },
  };
}
