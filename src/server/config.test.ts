import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('boots with zero configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, publicApiKey: undefined, trustProxy: false });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.siteDir).toMatch(/\/dist\/site$/);
    expect(config.form.minFillMs).toBe(3000);
    expect(config.rateLimit).toEqual({ perIp: 5, windowMs: 600_000 });
    expect(config.retention).toEqual({ ideaDays: 365, ipDays: 7, spamMaxKept: 5000 });
    expect(config.mail).toMatchObject({ digestThreshold: 20, formDigestThreshold: 5, digestPeriodMs: 3_600_000 });
    expect(config.jobs).toBe(true);
    expect(config.http).toEqual({ requestTimeoutMs: 60_000, idleTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 });
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('treats empty values as unset and parses lists', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ALLOWED_ORIGINS: 'https://a.example, https://b.example/', TRUST_PROXY: 'loopback' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toEqual(['loopback']);
    // Fastify 5 ignores a hop count (it cannot tell the proxy from a forging client): refused, with the way out.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count .* name the proxy instead: 127\.0\.0\.1/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses to start in production without a public SITE_URL, naming it', () => {
    for (const siteUrl of [undefined, 'http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:3000']) {
      expect(() => loadConfig({ NODE_ENV: 'production', ...(siteUrl ? { SITE_URL: siteUrl } : {}) }), String(siteUrl)).toThrow(/SITE_URL: in production/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://mvp24.example' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow(); // `npm start` on a laptop
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FORM_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('FORM_SECRET');
    }
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not an origin' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(/SMTP_URL: .*\(value hidden\)/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).not.toThrow(/hunter2/);
  });
});
