import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { siteFixture } from '../../../test-support/server/site-fixture';
import { registerSecurityHeaders } from './security-headers';

let site: ReturnType<typeof siteFixture>;
beforeAll(() => {
  site = siteFixture();
});
afterAll(() => site.cleanup());

async function appWith(env: Record<string, string>) {
  const app = Fastify();
  await registerSecurityHeaders(app, testConfig({ SITE_DIR: site.siteDir, ...env }));
  app.post('/api', async () => ({ ok: true }));
  app.get('/', async () => 'home');
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/own-referrer', async (_request, reply) => reply.header('referrer-policy', 'no-referrer').send('own'));
  return app;
}

describe('security headers', () => {
  it('allows CORS only for ALLOWED_ORIGINS', async () => {
    const app = await appWith({ ALLOWED_ORIGINS: 'https://partner.example' });
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,apikey,idempotency-key',
        },
      });
    const allowed = await preflight('https://partner.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('idempotency-key');
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends HSTS and upgrade-insecure-requests only behind a TLS proxy (TRUST_PROXY)', async () => {
    const direct = await (await appWith({})).inject({ url: '/' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(String(direct.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const proxied = await (await appWith({ TRUST_PROXY: '127.0.0.1' })).inject({ url: '/' });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(proxied.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(proxied.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the same headers on a page, an API answer, a 404 and an error, each built once (decision 117)', async () => {
    const app = await appWith({});
    const answers = [
      await app.inject({ url: '/' }),
      await app.inject({ method: 'POST', url: '/api', payload: {} }),
      await app.inject({ url: '/nowhere' }),
      await app.inject({ url: '/fails' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 500]);
    const [page] = answers;
    const csp = String(page!.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(csp);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
    // A route's own header wins over the default (the intake's form-post answers send no referrer).
    expect((await app.inject({ url: '/own-referrer' })).headers['referrer-policy']).toBe('no-referrer');
  });
});
