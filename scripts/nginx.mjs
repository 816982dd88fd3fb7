// nginx (Debian's `nginx-light`) in front of the app, as a deployment serves it: for the bench
// (npm run bench:lighthouse -- --https), HTTPS and HTTP/2 to browsers and plain HTTP/1.1 to the
// app; for the cluster test (npm run test:cluster), plain HTTP balanced over several processes.
// Not for production: its certificate is made on the spot (openssl) and trusted by nobody.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isTaken } from './free-port.mjs';

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
 * Listens on 127.0.0.1:`port` with HTTPS (HTTP/2, or HTTP/1.1 for clients without it; `tls:
 * false` for plain HTTP) and passes each request to one of `targets` (http://host:port), in
 * turn. Each answer says which one in `X-Upstream` (all those tried, the last one answered).
 * Its configuration, certificate (makeCertificate) and logs live in `dir`; `close()` stops it.
 */
export async function startNginx({ targets, port, dir, tls = true }) {
  // Else the readiness check below would take the other listener for nginx.
  if (await isTaken(port)) throw new Error(`nginx: 127.0.0.1:${port} is already taken`);
  const upstreams = targets.map((t) => new URL(t));
  const conf = path.join(dir, 'nginx.conf');
  const listen = tls
    ? `listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;`
    : `listen 127.0.0.1:${port};`;
  // A process that refuses a connection is skipped for 10 s; a request it never received goes
  // to the next one, but nginx retries no POST a process had already received.
  const servers = upstreams.map((u) => `server ${u.host} max_fails=1 fail_timeout=10s;`);
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
  upstream app { ${servers.join(' ')} keepalive 16; }
  server {
    ${listen}
    client_max_body_size 20m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host ${upstreams[0].host};
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
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
    if (await isTaken(port)) break;
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
