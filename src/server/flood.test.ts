/**
 * A flood cannot silence the intake: thousands of junk requests from many addresses, concurrent, against the
 * running server (one instance on PGlite, two on one PostgreSQL), while a genuine visitor submits and right after:
 * both are accepted, stored and mailed. Invalid junk costs no database write; the rest is held to its own
 * per-address limit and the spam folder.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import { answersSeen, flood, genuineSubmission, SCRIPT_JUNK, type JunkKind } from '../../test-support/server/flood';
import { startSmtpServer, type SmtpTestServer } from '../../test-support/server/smtp-test-server';
import { DRIVERS, testDatabase, type TestDatabase } from '../../test-support/server/test-database';

describe.each(DRIVERS)('a junk flood on %s', (driver) => {
  let store: TestDatabase;
  let smtp: SmtpTestServer;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];

  // The defaults a deployment has (config.ts): a per-address limit, digests past a number of mails an hour.
  const { perIp } = testConfig().rateLimit;
  /** The flood: its requests are spread evenly over the default junk kinds, two of them well-formed. */
  const TOTAL = 4000;
  const PER_KIND = TOTAL / SCRIPT_JUNK.length;
  const WELL_FORMED: JunkKind[] = ['no_token', 'honeypot'];
  // Few enough addresses that each well-formed kind's address sends twice its allowance, whatever the limit's
  // default: the limit is reached.
  const ADDRESSES = Math.floor(PER_KIND / (2 * perIp));
  /** 4,000 requests through real sockets on a shared 2-core machine; no speed is asserted, only what is stored. */
  const FLOOD_TEST_MS = 180_000;

  beforeAll(async () => {
    store = await testDatabase(driver);
    smtp = await startSmtpServer();
    for (let i = 0; i < (driver === 'postgres' ? 2 : 1); i += 1) {
      const app = await buildApp(
        testConfig({
          ...store.appEnv,
          FORM_SECRET: TEST_FORM_SECRET,
          FORM_MIN_FILL_MS: '500',
          SMTP_URL: smtp.url,
          MAIL_POLL_MS: '50',
          TRUST_PROXY: 'true',
          JOBS: 'false',
          // The team's mails are counted here; the founder's are tested in founder/founder.test.ts.
          FOUNDER_MAIL: 'false',
        }),
      );
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
      const address = app.server.address();
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp.stop();
    store.cleanup();
  }, FLOOD_TEST_MS);

  it(
    'still accepts, stores and mails a genuine visitor during and right after it',
    async () => {
      const visitor = (n: number) => ({
        idea: `홍수 속의 진짜 아이디어 ${n}: 동네 빵집 예약 앱`,
        name: `진짜손님${n}`,
        email: `real${n}@example.com`,
      });
      const underWay = answersSeen(TOTAL / 20);
      const junk = flood({
        baseUrls: urls,
        total: TOTAL,
        concurrency: 48,
        addresses: ADDRESSES,
        onAnswer: underWay.onAnswer,
      });
      // The visitor opens the form once the flood is under way and submits at a person's pace, meanwhile.
      await underWay.reached;
      const during = genuineSubmission(urls[0]!, '198.51.100.10', visitor(1));
      const [floodResult, first] = await Promise.all([junk, during]);
      const after = await genuineSubmission(urls[urls.length - 1]!, '198.51.100.11', visitor(2));

      const wellFormed = WELL_FORMED.length * PER_KIND;
      expect(floodResult.sent).toBe(TOTAL);
      expect(floodResult.byStatus[0] ?? 0).toBe(0); // no connection was refused
      expect(floodResult.byStatus[400]).toBe(TOTAL - wellFormed); // invalid junk: refused, not stored
      expect((floodResult.byStatus[202] ?? 0) + (floodResult.byStatus[429] ?? 0)).toBe(wellFormed);
      expect(first.status).toBe(202);
      expect(after.status).toBe(202);

      const database = apps[0]!.database;
      const stored = await database.rows<{ id: string; spam_reason: string | null }>(
        sql`select id::text as id, spam_reason from ideas where email like 'real%@example.com' order by name`,
      );
      expect(stored).toEqual([
        { id: first.id, spam_reason: null },
        { id: after.id, spam_reason: null },
      ]);
      const mails = await smtp.waitFor(2);
      // Either order: a subject starts with the idea's reference, not the name.
      expect(mails.map((mail) => mail.parsed.subject)).toHaveLength(2);
      expect(mails.map((mail) => mail.parsed.subject)).toEqual(
        expect.arrayContaining([expect.stringContaining('진짜손님1님'), expect.stringContaining('진짜손님2님')]),
      );

      // Invalid junk made no database write: none of its addresses has a rate-limit counter.
      const counters = await database.rows<{ key: string }>(
        sql`select key from rate_limits where key like '10.1.%' or key like '10.2.%'`,
      );
      expect(counters).toEqual([]);
      // Well-formed junk (two kinds, about twice the limit per address) is held to the per-address limit: what
      // passed is in the spam folder, never mailed, and the rest was refused with 429.
      const allowance = WELL_FORMED.length * ADDRESSES * perIp;
      expect(PER_KIND / ADDRESSES).toBeGreaterThan(perIp);
      const [spam] = await database.rows<{ n: number }>(
        sql`select count(*)::int as n from ideas where spam_reason is not null`,
      );
      expect(Number(spam!.n)).toBe(floodResult.byStatus[202]!);
      expect(Number(spam!.n)).toBeLessThanOrEqual(allowance);
      expect(floodResult.byStatus[429]).toBeGreaterThanOrEqual(wellFormed - allowance);
      expect(smtp.received).toHaveLength(2);
    },
    FLOOD_TEST_MS,
  );
});
