/**
 * One request's bad input never costs the others theirs (decision 075), on PGlite AND PostgreSQL, with a real SMTP
 * server: values the database cannot store are refused at validation with a Korean 400 naming the field, and when
 * such a value reaches the store anyway (below validation), the group commit it poisoned is retried one idea at a
 * time so only it fails; every genuine idea of the group is stored and mailed once.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unstorable, type IdeaField, type IdeaReceipt } from '../domain/idea';
import { storeIdea, type NewIdea } from './ideas/idea-store';
import { ideaBody, submitIdea } from '../../test-support/server/intake-client';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../test-support/server/test-database';
import { intakeSuite } from '../../test-support/server/test-app';

const GENUINE = 64;
const POISONED = 16;

/** Genuine and poisoned items interleaved: every fifth is poisoned (16 of 80). */
function interleaved<T>(genuine: (i: number) => T, poisoned: (i: number) => T): { item: T; poisoned: boolean }[] {
  const items: { item: T; poisoned: boolean }[] = [];
  for (let g = 0, p = 0; g < GENUINE || p < POISONED;) {
    if (p < POISONED && (g + p) % 5 === 4) items.push({ item: poisoned(p++), poisoned: true });
    else items.push({ item: genuine(g++), poisoned: false });
  }
  return items;
}

describe.each(DRIVERS)('poisoned ideas among genuine ones, on %s', (driver) => {
  const suite = intakeSuite(driver);
  let app: FastifyInstance;

  async function startApp(): Promise<FastifyInstance> {
    app = await suite.start({ RATE_LIMIT_PER_IP: '100000', JOBS: 'false', MAIL_DIGEST_THRESHOLD: '1000000' });
    return app;
  }

  const mailedIdeaIds = () =>
    new Set(suite.smtp.received.map((mail) => /<idea-([0-9a-f-]+)@/.exec(String(mail.parsed.messageId))?.[1]));

  it(
    'refuses NUL, control characters and lone surrogates at validation, 400 naming the field; the 64 genuine posts sent with them get 202 and are mailed',
    async () => {
      await startApp();
      const poisons: Record<string, string>[] = [
        { idea: '널 바이트\u0000가 든 아이디어' },
        { name: '김\u0000민지' },
        { email: 'nul\u0000@example.com' },
        { idea: '반쪽 이모지 \uD83D 입니다' },
      ];
      const requests = interleaved<{ body: Record<string, unknown>; field?: IdeaField }>(
        (i) => ({ body: ideaBody({ idea: `정상 아이디어 ${i}`, name: `신청자${i}` }) }),
        (i) => {
          const poison = poisons[i % poisons.length]!;
          return { body: ideaBody(poison), field: Object.keys(poison)[0] as IdeaField };
        },
      );
      const responses = await Promise.all(
        requests.map(({ item }, i) => submitIdea(app, item.body, {}, `192.0.2.${i + 1}`)),
      );
      const accepted: string[] = [];
      responses.forEach((response, i) => {
        const { item, poisoned } = requests[i]!;
        if (!poisoned) {
          expect(response.statusCode).toBe(202);
          accepted.push(response.json<IdeaReceipt>().id);
          return;
        }
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'validation_failed', fields: { [item.field!]: unstorable(item.field!) } },
        });
      });
      expect(accepted).toHaveLength(GENUINE);
      await suite.smtp.waitFor(GENUINE, 30_000);
      expect(mailedIdeaIds()).toEqual(new Set(accepted));
      const [row] = await app.database.rows<{ n: number }>(sql`select count(*)::int as n from ideas`);
      expect(Number(row!.n)).toBe(GENUINE);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'retries a group commit that a NUL poisoned one idea at a time: only the 16 poisoned fail, the 64 genuine are stored and mailed',
    async () => {
      await startApp();
      const policy = { digestThreshold: 1_000_000, formDigestThreshold: 1_000_000, digestPeriodMs: 3_600_000 };
      const idea = (text: string, name: string): NewIdea => ({
        id: crypto.randomUUID(),
        receivedAt: new Date(),
        fields: { idea: text, name, email: 'visitor@example.com', phone: '' },
        spamReason: null,
        idempotency: { key: crypto.randomUUID(), requestHash: 'hash' },
      });
      // Below validation (which now refuses it): what a NUL does to the group commit it lands in.
      const items = interleaved(
        (i) => idea(`정상 아이디어 ${i}`, `신청자${i}`),
        (i) => idea(`널 바이트\u0000 ${i}`, `독${i}`),
      );
      const outcomes = await Promise.allSettled(items.map(({ item }) => storeIdea(app.database, item, policy)));
      // All 80 were queued in one tick: they went out as one group, which the poisoned ones failed.
      const stored = items.filter((_, i) => outcomes[i]!.status === 'fulfilled').map(({ item }) => item.id);
      const failed = items.filter((_, i) => outcomes[i]!.status === 'rejected');
      expect(failed).toHaveLength(POISONED);
      expect(failed.every(({ poisoned }) => poisoned)).toBe(true);
      expect(stored).toHaveLength(GENUINE);
      app.outbox.nudge();
      await suite.smtp.waitFor(GENUINE, 30_000);
      expect(mailedIdeaIds()).toEqual(new Set(stored));
      const rows = await app.database.rows<{ n: number }>(
        sql`select count(*)::int as n from ideas union all select count(*)::int from idempotency_keys`,
      );
      expect(rows.map((row) => Number(row.n))).toEqual([GENUINE, GENUINE]);
    },
    APP_TEST_TIMEOUT_MS,
  );
});
