/**
 * Decision 121, through the whole app on PGlite: a request's queries go through the database the app was given,
 * the follow-up's, the mail worker's and the founder mail's through its `background` facade, whose queries the
 * quiet moment does not count (db/pglite-turns.ts). Each facade here records the statements it ran.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, RowsFn } from './db/client';
import { ideaBody, submitIdea } from '../../test-support/server/intake-client';
import { startSmtpServer, type SmtpTestServer } from '../../test-support/server/smtp-test-server';
import { testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../test-support/server/test-app';

const dialect = new PgDialect();

/** `facade` with the text of each statement it runs pushed to `seen`. */
function recording(facade: Database, seen: string[]): Database {
  const record =
    (rows: RowsFn): RowsFn =>
    async <T extends Record<string, unknown>>(query: SQL) => {
      seen.push(dialect.sqlToQuery(query).sql.replace(/\s+/g, ' '));
      return rows<T>(query);
    };
  return {
    ...facade,
    rows: record(facade.rows),
    transaction: (work) => facade.transaction((rows) => work(record(rows))),
  };
}

describe('background work on PGlite', () => {
  let store: TestDatabase;
  let database: Database;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    store = await testDatabase('pglite');
    database = await store.open();
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp.stop();
    await database.close();
    store.cleanup();
  });

  it("stores an idea with the request's queries and follows it up and mails it with the background's", async () => {
    const seen = { request: [] as string[], background: [] as string[] };
    const request = recording(database, seen.request);
    const background = recording(database.background, seen.background);
    request.background = background;
    background.background = background;
    const app = await buildTestApp(
      store,
      { ...DELIVERY_TEST_ENV, SMTP_URL: smtp.url, FOUNDER_MAIL: 'true' },
      { database: request },
    );
    try {
      const response = await submitIdea(app, ideaBody());
      expect(response.statusCode).toBe(202);
      // The team's mail and the founder's confirmation.
      await smtp.waitFor(2);
    } finally {
      await app.close();
    }
    const ran = (statements: string[], pattern: RegExp) => statements.some((text) => pattern.test(text));
    expect(ran(seen.request, /from store_ideas\(/)).toBe(true);
    expect(ran(seen.background, /from store_ideas\(/)).toBe(false);
    for (const backgroundWork of [
      /delete from idea_follow_ups/,
      /from outbox .*for update skip locked/,
      /from founder_mails .*for update skip locked/,
    ]) {
      expect(ran(seen.background, backgroundWork)).toBe(true);
      expect(ran(seen.request, backgroundWork)).toBe(false);
    }
  });
});
