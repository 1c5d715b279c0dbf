import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { retentionPromise } from '../content/privacy';
import { AGENCY_VARIABLES, ConfigError, EXAMPLE_AGENCY_ENV, loadConfig } from './config';
import { DEFAULT_SMTP_TIMEOUT_MS, MAX_SMTP_TIMEOUT_MS, SHUTDOWN_DRAIN_MS } from './send-deadlines';

describe('loadConfig', () => {
  it('boots with zero configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicApiKey: undefined,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.siteDir).toMatch(/\/dist\/site$/);
    expect(config.jobs).toBe(true);
    expect(config.mail.smtpUrl).toBeUndefined();
    // The privacy policy's retention numbers are the defaults (one home: content/privacy.ts).
    expect(config.retention).toMatchObject({ ideaDays: retentionPromise.ideaDays, ipDays: retentionPromise.ipDays });
  });

  it('has the defaults .env.example documents: each value written there is the one the server uses unset', () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.+)$/gm)].map(
      ([, name, value]) => [name!, value!] as const,
    );
    // The deployment's own values, shown as examples: not defaults.
    const examples = new Set(['NODE_ENV', 'SITE_URL']);
    const defaults = loadConfig({});
    const differing = documented
      .filter(([name]) => !examples.has(name))
      .filter(([name, value]) => JSON.stringify(loadConfig({ [name]: value })) !== JSON.stringify(defaults))
      .map(([name, value]) => `${name}=${value}`);
    expect(differing).toEqual([]);
    expect(documented.map(([name]) => name)).toEqual(
      expect.arrayContaining(['RATE_LIMIT_PER_IP', 'MAIL_DIGEST_THRESHOLD']),
    );
  });

  it('treats empty values as unset and parses lists', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      SMTP_URL: ' ',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
      TRUST_PROXY: 'loopback',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toEqual(['loopback']);
    // Fastify 5 ignores a hop count (it cannot tell the proxy from a forging client): refused, with the way out.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: a hop count .* name the proxy instead: 127\.0\.0\.1/,
    );
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses to start in production without a public SITE_URL, naming it', () => {
    for (const siteUrl of [undefined, 'http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:3000']) {
      expect(
        () => loadConfig({ NODE_ENV: 'production', ...(siteUrl ? { SITE_URL: siteUrl } : {}) }),
        String(siteUrl),
      ).toThrow(/SITE_URL: in production/);
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://mvp24.example', ...EXAMPLE_AGENCY_ENV }),
    ).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow(); // `npm start` on a laptop
  });

  it("refuses to start in production without the agency's details the service agreement names (issue 50)", () => {
    const production = { NODE_ENV: 'production', SITE_URL: 'https://mvp24.example' };
    // Each one missing is named; all missing, all named.
    for (const name of AGENCY_VARIABLES) {
      const env: Record<string, string> = { ...production, ...EXAMPLE_AGENCY_ENV };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name}: in production the agency's details`));
    }
    try {
      loadConfig(production);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.match(/in production the agency's details/g)).toHaveLength(5);
    }
    // A 사업자등록번호 whose check digit is wrong is refused anywhere; the development server starts without them.
    expect(() => loadConfig({ AGENCY_BUSINESS_NUMBER: '124-81-00997' })).toThrow(
      /AGENCY_BUSINESS_NUMBER: must be a valid/,
    );
    expect(loadConfig({ AGENCY_BUSINESS_NUMBER: '124-81-00998' }).agency.businessNumber).toBe('1248100998');
    expect(loadConfig({}).agency).toMatchObject({ bank: undefined, depositPercent: 50 });
    expect(() => loadConfig({ CONTRACT_DEPOSIT_PERCENT: '101' })).toThrow(/CONTRACT_DEPOSIT_PERCENT/);
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

  it('derives the mail lease and the shutdown grace from SMTP_TIMEOUT_MS, so each outlives one send', () => {
    const defaults = loadConfig({});
    expect(defaults.mail.smtpTimeoutMs).toBe(DEFAULT_SMTP_TIMEOUT_MS);
    expect(DEFAULT_SMTP_TIMEOUT_MS).toBe(10 * 60_000); // RFC 5321's wait for the answer to the end of DATA
    for (const timeout of ['500', '2000', '30000', '600000']) {
      const config = loadConfig({ SMTP_TIMEOUT_MS: timeout });
      expect(config.mail.leaseMs, timeout).toBeGreaterThan(config.mail.smtpTimeoutMs);
      // Unrenewed for up to leaseRenewAfterMs, a lease still covers one send and as long again to record it.
      expect(
        config.mail.leaseMs - config.mail.leaseRenewAfterMs - config.mail.smtpTimeoutMs,
        timeout,
      ).toBeGreaterThanOrEqual(config.mail.leaseRenewAfterMs);
      // The mail in flight and the requests in flight finish together, then the database closes.
      expect(config.shutdownGraceMs, timeout).toBe(
        Math.max(config.mail.leaseMs, config.http.requestTimeoutMs) + SHUTDOWN_DRAIN_MS,
      );
    }
    expect(() => loadConfig({ SMTP_TIMEOUT_MS: '100' })).toThrow(/SMTP_TIMEOUT_MS/);
    // Longer than the systemd unit's stop timeout allows for (tests/deploy/systemd-unit.test.ts).
    expect(() => loadConfig({ SMTP_TIMEOUT_MS: String(MAX_SMTP_TIMEOUT_MS + 1) })).toThrow(/SMTP_TIMEOUT_MS/);
  });

  it('reads the alert settings and hides the webhook URL, which carries its token', () => {
    // Unset, no webhook (the defaults' values are .env.example's, compared above).
    expect(loadConfig({}).alerts).toMatchObject({ webhookUrl: undefined, webhookFormat: 'auto' });
    const config = loadConfig({
      ALERT_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/abc',
      ALERT_WEBHOOK_FORMAT: 'discord',
      ALERT_REMINDER_HOURS: '20',
      ALERT_UNSENT_MINUTES: '30',
    });
    expect(config.alerts).toEqual({
      webhookUrl: 'https://discord.com/api/webhooks/1/abc',
      webhookFormat: 'discord',
      unsentAfterMs: 30 * 60_000,
      reminderHours: 20,
    });
    expect(() => loadConfig({ ALERT_REMINDER_HOURS: '24' })).toThrow(/ALERT_REMINDER_HOURS/);
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: 'ftp://hooks.example/secret-token' })).toThrow(
      /ALERT_WEBHOOK_URL: .*\(value hidden\)/,
    );
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: 'ftp://hooks.example/secret-token' })).not.toThrow(/secret-token/);
    expect(() => loadConfig({ ALERT_WEBHOOK_FORMAT: 'teams' })).toThrow(/ALERT_WEBHOOK_FORMAT/);
  });
});

describe('the founder replies by mail (decisions 126, 127)', () => {
  it('are off unless set, need REPLY_TO_EMAIL with IMAP_URL, and never echo the mailbox password', () => {
    expect(loadConfig({}).mailbox).toMatchObject({ replyToBase: undefined, imapUrl: undefined });
    const config = loadConfig({
      REPLY_TO_EMAIL: 'reply@mvp24.example',
      IMAP_URL: 'imaps://reply%40mvp24.example:app-secret@imap.example.net:993/INBOX',
    });
    expect(config.mailbox).toMatchObject({
      replyToBase: 'reply@mvp24.example',
      imapUrl: 'imaps://reply%40mvp24.example:app-secret@imap.example.net:993/INBOX',
      handledFolder: 'mvp24-handled',
    });
    expect(() => loadConfig({ IMAP_URL: 'imaps://u:p@imap.example.net/INBOX' })).toThrow(/REPLY_TO_EMAIL/);
    expect(() => loadConfig({ REPLY_TO_EMAIL: 'team+x@mvp24.example' })).toThrow(/REPLY_TO_EMAIL/);
    expect(() => loadConfig({ REPLY_TO_EMAIL: 'Team <team@mvp24.example>' })).toThrow(/REPLY_TO_EMAIL/);
    const refused = () =>
      loadConfig({ REPLY_TO_EMAIL: 'reply@mvp24.example', IMAP_URL: 'pop3://u:app-secret@mail.example.net/' });
    expect(refused).toThrow(/IMAP_URL: .*\(value hidden\)/);
    expect(refused).not.toThrow(/app-secret/);
  });
});
