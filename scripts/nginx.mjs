// nginx (Debian's `nginx-light`) in front of the app for the bench (npm run bench:lighthouse --
// --https), as a deployment serves it: HTTPS and HTTP/2 to browsers, plain HTTP/1.1 to the app.
// Not for production: its certificate is made on the spot (openssl) and trusted by nobody.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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
 * Listens on 127.0.0.1:`port` with HTTPS (HTTP/2, or HTTP/1.1 for clients without it) and passes
 * every request to `target` (http://host:port). Its configuration, certificate (makeCertificate)
 * and logs live in `dir`; `close()` stops it.
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
