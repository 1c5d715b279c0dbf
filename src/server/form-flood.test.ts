/**
 * A flood of plain form posts cannot bury genuine ideas (decision 075), on PGlite AND PostgreSQL with a real SMTP
 * server: junk form posts from 40 addresses (each up to the per-address limit) arrive together with ideas from the
 * page's script; the script's ideas are mailed one by one, the flood fills only the form posts' allowance and the
 * rest of it waits for the digest, and a genuine visitor without JavaScript who posts during the flood is stored,
 * listed for the team and reaches them in the digest.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IdeaReceipt } from '../domain/idea';
import { listIdeas } from './ideas/team-ideas';
import { formPost, ideaBody, submitIdea } from '../../test-support/server/intake-client';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../test-support/server/test-database';
import { intakeSuite } from '../../test-support/server/test-app';

const FLOOD_ADDRESSES = 40;

const receiptId = (response: LightMyRequestResponse) =>
  String(response.headers.location).split('?')[0]!.split('/').pop()!;

describe.each(DRIVERS)('a flood of plain form posts, on %s', (driver) => {
  const suite = intakeSuite(driver);
  let app: FastifyInstance;

  it(
    'mails the script ideas one by one, holds the flood past the form allowance for the digest, and keeps a genuine form post',
    async () => {
      // The defaults (config.ts): submissions per address per window, script mails and form-post mails an hour.
      app = await suite.start({ JOBS: 'false' });
      const { perIp } = app.config.rateLimit;
      const { formDigestThreshold, digestThreshold } = app.config.mail;
      const floodSize = FLOOD_ADDRESSES * perIp;
      // The flood must overflow the form posts' hourly allowance for the digest to have anything to hold.
      expect(floodSize).toBeGreaterThan(formDigestThreshold);

      const flood = Array.from({ length: floodSize }, (_, i) =>
        formPost(
          app,
          { idea: `광고 스팸 ${i}`, name: `스팸${i}`, email: `junk${i}@spam.example`, phone: '', website: '' },
          {},
          `198.51.100.${i % FLOOD_ADDRESSES}`,
        ),
      );
      // Genuine visitors with the page's script, during the flood and after it; one without JavaScript in its midst.
      const scripted = Array.from({ length: 4 }, (_, i) =>
        submitIdea(
          app,
          ideaBody({ idea: `진짜 아이디어 ${i}: 동네 반찬가게 정기 배달`, name: `진짜${i}` }),
          {},
          `192.0.2.${i + 1}`,
        ),
      );
      const withoutScript = formPost(
        app,
        {
          idea: '자바스크립트 없이 보낸 진짜 아이디어',
          name: '윤하늘',
          email: 'haneul@example.com',
          phone: '',
          website: '',
        },
        {},
        '192.0.2.99',
      );
      const floodResponses = await Promise.all(flood);
      expect(
        new Set(
          floodResponses.map(
            (response) => `${response.statusCode} ${response.statusCode === 303 ? '' : response.body.slice(0, 300)}`,
          ),
        ),
      ).toEqual(new Set(['303 ']));
      const scriptIds = (await Promise.all(scripted)).map(
        (response) => (expect(response.statusCode).toBe(202), response.json<IdeaReceipt>().id),
      );
      const later = await submitIdea(
        app,
        ideaBody({ idea: '홍수 뒤의 진짜 아이디어', name: '나중' }),
        {},
        '192.0.2.50',
      );
      scriptIds.push(later.json<IdeaReceipt>().id);
      const genuineFormId = receiptId(await withoutScript);

      // Every script idea is mailed on its own by the worker; of the form posts only the allowance is.
      await suite.smtp.waitFor(scriptIds.length + formDigestThreshold, 30_000);
      const mailedOneByOne = () =>
        suite.smtp.received.map((mail) => /<idea-([0-9a-f-]+)@/.exec(String(mail.parsed.messageId))?.[1]);
      for (const id of scriptIds) expect(mailedOneByOne()).toContain(id);
      const outbox = await app.database.rows<{ without_script: boolean; digest: boolean; n: number }>(sql`
      select i.without_script, o.digest, count(*)::int as n from outbox o join ideas i on i.id = o.idea_id group by 1, 2 order by 1, 2`);
      expect(outbox.map((row) => [row.without_script, row.digest, Number(row.n)])).toEqual([
        [false, false, scriptIds.length],
        [true, false, formDigestThreshold],
        [true, true, floodSize + 1 - formDigestThreshold],
      ]);
      expect(scriptIds.length).toBeLessThan(digestThreshold);

      // The genuine visitor without JavaScript is stored and in the team's list, held for the digest.
      const listed = await listIdeas(app.database, 1000);
      expect(listed).toHaveLength(floodSize + 1 + scriptIds.length);
      const genuine = listed.find((idea) => idea.id === genuineFormId);
      expect(genuine).toMatchObject({ name: '윤하늘' });
      if (!mailedOneByOne().includes(genuineFormId)) {
        expect(genuine!.status).toBe('digest');
        expect((await app.jobs.runDue(new Date()))['digest-mail']).toBe(
          `digest of ${floodSize + 1 - formDigestThreshold} ideas sent`,
        );
        const digest = suite.smtp.received.at(-1)!.parsed;
        expect(digest.text).toContain(`접수 번호: ${genuineFormId}`);
      }
      // Nothing else was mailed one by one.
      expect(suite.smtp.received.length).toBeLessThanOrEqual(scriptIds.length + formDigestThreshold + 1);
    },
    APP_TEST_TIMEOUT_MS,
  );
});
