/**
 * docs/deploy.md's reverse proxy, with Debian's nginx and deploy/nginx-site.conf (rendered without TLS, on
 * loopback): pages and the intake pass through it, and with TRUST_PROXY=127.0.0.1 (nginx's address) the per-client rate limit counts the
 * visitor nginx saw, not nginx and not an address the visitor wrote into X-Forwarded-For. Visitors connect from
 * 127.0.0.3 and 127.0.0.4, nginx listens on 127.0.0.2, the app on 127.0.0.1. Proxy and app agree on the body
 * limits (intake/body-limit.ts): a voice memo the app takes passes nginx and is mailed; one over the app's limit gets
 * the app's own Korean 413, not nginx's English page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT } from '../../src/domain/endpoints';
import { TEAM_AUTH_PATHS } from '../../src/domain/team-auth-api';
import { VOICE_MEMO_DURATION_FIELD } from '../../src/domain/voice-memo';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { API_ERROR_MESSAGES } from '../../src/server/http/api-error';
import { MEMO_BODY_LIMIT, PROXY_BODY_LIMIT } from '../../src/server/intake/body-limit';
import { ideaBody, TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import { WORKSPACE_EVENTS_PATH } from '../../src/domain/workspace-events';
import { signedIn } from '../../test-support/server/lead-fixtures';
import { freePort } from '../../test-support/server/postgres-cluster';
import { siteFixture } from '../../test-support/server/site-fixture';
import { startSmtpServer, type SmtpTestServer } from '../../test-support/server/smtp-test-server';
import { multipartBody, webmBytes } from '../../test-support/server/voice-memo-body';

const NGINX = '/usr/sbin/nginx';
const siteConf = readFileSync(new URL('../../deploy/nginx-site.conf', import.meta.url), 'utf8');

/** The site config as the guide ships it, served over plain HTTP on `listen`, proxying to `app`. */
export function renderForTest(conf: string, listen: string, app: string, accessLog = '/dev/null'): string {
  const [site] = conf.split(/\n(?=server \{\n {4}listen 80;)/); // the https server; the port-80 redirect is not needed
  return site!
    .replace(/server 127\.0\.0\.1:3000;/, `server ${app};`)
    .replaceAll('/var/log/nginx/access.log', accessLog)
    .replace(/listen 443 ssl http2;.*$/m, `listen ${listen};`)
    .replace(/^\s*ssl_certificate.*$/gm, '');
}

/** nginx's `client_max_body_size` in the guide's config, in bytes. */
export function proxyBodyLimit(conf: string): number {
  const match = /^\s*client_max_body_size\s+(\d+)([kKmMgG]?);/m.exec(conf);
  if (!match) throw new Error('deploy/nginx-site.conf sets no client_max_body_size');
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}

function request(
  port: number,
  path: string,
  {
    from,
    method = 'GET',
    headers = {},
    body,
  }: { from: string; method?: string; headers?: Record<string, string>; body?: string | Buffer },
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.2', port, path, method, headers, localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe("the guide's nginx body limit", () => {
  it('is PROXY_BODY_LIMIT, above the largest body the app takes, so the app answers every refusal itself', () => {
    expect(proxyBodyLimit(siteConf)).toBe(PROXY_BODY_LIMIT);
    expect(PROXY_BODY_LIMIT).toBeGreaterThan(MEMO_BODY_LIMIT);
  });
});

describe.skipIf(!existsSync(NGINX))('behind nginx (deploy/nginx-site.conf)', () => {
  let app: FastifyInstance;
  let smtp: SmtpTestServer;
  let nginx: ChildProcess;
  let nginxPort = 0;
  const dir = mkdtempSync(join(tmpdir(), 'mvp24-nginx-'));
  const site = siteFixture();

  beforeAll(async () => {
    const appPort = await freePort();
    smtp = await startSmtpServer();
    app = await buildApp(
      testConfig({
        DATA_DIR: join(dir, 'data'),
        SITE_DIR: site.siteDir,
        FORM_SECRET: TEST_FORM_SECRET,
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_PER_IP: '2',
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '50',
      }),
    );
    await app.listen({ port: appPort, host: '127.0.0.1' });
    nginxPort = await freePort();
    // Run as root, nginx's workers are `nobody`: they buffer request bodies (a voice memo) under this folder.
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'nginx'), { recursive: true, mode: 0o777 });
    chmodSync(join(dir, 'nginx'), 0o777);
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\n  access_log off;\n` +
        `  client_body_temp_path ${dir}/nginx/body;\n  proxy_temp_path ${dir}/nginx/proxy;\n  fastcgi_temp_path ${dir}/nginx/fastcgi;\n` +
        `  uwsgi_temp_path ${dir}/nginx/uwsgi;\n  scgi_temp_path ${dir}/nginx/scgi;\n` +
        `${renderForTest(siteConf, `127.0.0.2:${nginxPort}`, `127.0.0.1:${appPort}`, join(dir, 'access.log'))}\n}\n`,
    );
    nginx = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await request(nginxPort, '/healthz', { from: '127.0.0.3' })).status === 200) break;
      } catch {
        // not listening yet
      }
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await app?.close();
    await smtp?.stop();
    site.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("logs requests without a status link's token or any query", async () => {
    const token = 'Tok3n_-'.repeat(6) + 'x';
    for (const path of [
      `/status/${token}`,
      `/status/${token}/data`,
      `/idea-received/abc?link=${token}`,
      // The same link spelled otherwise, which nginx and the app both serve as /status/…
      `/%73tatus/${token}/data`,
      `//status/${token}`,
      `/about/../status/${token}`,
      `/%53TATUS/${token}`,
    ])
      await request(nginxPort, path, { from: '127.0.0.3' });
    let log = '';
    for (let tries = 0; tries < 50 && !log.includes('/idea-received/abc'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : '';
    }
    expect(log).toContain('/idea-received/abc');
    expect(log).toContain('/status/');
    expect(log).not.toContain(token);
    expect(log).not.toContain('Tok3n');
  });

  it("drops a client's X-Forwarded-Host: the workspace's Origin check and passkey host are the site's own", async () => {
    const forged = 'evil.example';
    const headers = { host: 'mvp24.kr', origin: `http://${forged}`, 'x-forwarded-host': forged };
    // Believed, the forged host would make the forged Origin "this site" and the options name it as relying party.
    const options = await request(nginxPort, TEAM_AUTH_PATHS.signInOptions, {
      from: '127.0.0.7',
      method: 'POST',
      headers,
    });
    expect(options.status).toBe(403);
    const sameSite = await request(nginxPort, TEAM_AUTH_PATHS.signInOptions, {
      from: '127.0.0.7',
      method: 'POST',
      headers: { ...headers, origin: 'http://mvp24.kr' },
    });
    expect(sameSite.status).toBe(200);
    expect(JSON.parse(sameSite.body).options.rpId).toBe('mvp24.kr');
  });

  it('keeps the port in Host: behind it on a port other than 443, the Origin check and the passkey host agree', async () => {
    const site = `mvp24.kr:${nginxPort}`;
    const options = await request(nginxPort, TEAM_AUTH_PATHS.signInOptions, {
      from: '127.0.0.8',
      method: 'POST',
      headers: { host: site, origin: `http://${site}` },
    });
    expect(options.status).toBe(200);
    expect(JSON.parse(options.body).options.rpId).toBe('mvp24.kr');
  });

  it("passes the workspace's event stream unbuffered: an event arrives while the stream stays open", async () => {
    const { headers } = await signedIn(app.database);
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.2', port: nginxPort, path: WORKSPACE_EVENTS_PATH, localAddress: '127.0.0.6', headers },
        resolve,
      );
      req.on('error', reject);
    });
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (text += chunk));
      const arrived = (needle: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`not through nginx within 5 s: ${text}`)), 5_000);
          const check = () => {
            if (!text.includes(needle)) return;
            clearTimeout(timer);
            stream.off('data', check);
            resolve();
          };
          stream.on('data', check);
          check();
        });
      await arrived('retry:');
      const ideaId = crypto.randomUUID();
      await app.events.publish({ kind: 'lead_changed', ideaId });
      await arrived(ideaId);
      expect(stream.complete).toBe(false);
    } finally {
      stream.destroy();
    }
  });

  it('passes pages, compressed, and the health check through', async () => {
    const page = await request(nginxPort, '/about', { from: '127.0.0.3', headers: { 'accept-encoding': 'identity' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('팀 소개');
    const asset = await request(nginxPort, '/assets/index-abc123.js', {
      from: '127.0.0.3',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br'); // the app's precompressed copy, as it is
    expect((await request(nginxPort, '/healthz', { from: '127.0.0.3' })).status).toBe(200);
  });

  it("counts each visitor's submissions by the address nginx saw, whatever X-Forwarded-For the visitor sends", async () => {
    const submit = (from: string, forged?: string) =>
      request(nginxPort, IDEA_ENDPOINT, {
        from,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(forged ? { 'x-forwarded-for': forged } : {}) },
        body: JSON.stringify(ideaBody()),
      });
    expect((await submit('127.0.0.3')).status).toBe(202);
    expect((await submit('127.0.0.3', '198.51.100.7')).status).toBe(202);
    expect((await submit('127.0.0.3', '198.51.100.8')).status).toBe(429); // a forged address does not reset the count
    expect((await submit('127.0.0.4')).status).toBe(202); // another visitor is not refused for the first one
  });

  it('passes a 1.5 MB voice memo to the app, which takes it and mails it', async () => {
    const memo = webmBytes(1.5 * 1024 * 1024);
    const fields = Object.fromEntries(
      Object.entries(ideaBody({ idea: '' })).map(([name, value]) => [name, String(value)]),
    );
    const { payload, contentType } = await multipartBody(
      { ...fields, [VOICE_MEMO_DURATION_FIELD]: '45000' },
      { bytes: memo },
    );
    const answer = await request(nginxPort, IDEA_ENDPOINT, {
      from: '127.0.0.5',
      method: 'POST',
      headers: { 'content-type': contentType },
      body: payload,
    });
    expect(answer.status).toBe(202);
    const { id } = JSON.parse(answer.body) as { id: string };
    // The earlier tests' ideas are mailed too: wait for the mail that names this one.
    let mail;
    for (let count = 1; !mail; count += 1)
      mail = (await smtp.waitFor(count, 30_000)).find((each) => each.raw.includes(id));
    expect(mail.parsed.attachments[0]!.content.equals(memo)).toBe(true);
  });

  it("answers a body over the app's limit with the app's Korean 413, not nginx's page", async () => {
    const memo = webmBytes(MEMO_BODY_LIMIT + 1024);
    const fields = Object.fromEntries(
      Object.entries(ideaBody({ idea: '' })).map(([name, value]) => [name, String(value)]),
    );
    const { payload, contentType } = await multipartBody(
      { ...fields, [VOICE_MEMO_DURATION_FIELD]: '45000' },
      { bytes: memo },
    );
    expect(payload.length).toBeLessThan(PROXY_BODY_LIMIT); // nginx lets it through: the refusal is the app's
    const answer = await request(nginxPort, IDEA_ENDPOINT, {
      from: '127.0.0.6',
      method: 'POST',
      headers: { 'content-type': contentType },
      body: payload,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'memo_too_large', message: API_ERROR_MESSAGES.memo_too_large },
    });
  });
});
