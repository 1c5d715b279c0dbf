/**
 * The app as most server tests run it: on the test database's storage (no site), with the form secret the test
 * tokens are signed with, the team's test addresses, and a mail worker that looks for mail every 50 ms. A test adds
 * or overrides settings with `env`; the caller closes the app, or `intakeSuite` does.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { TEST_FORM_SECRET } from './intake-client';
import { startSmtpServer, type SmtpTestServer } from './smtp-test-server';
import { testDatabase, type Driver, type TestDatabase } from './test-database';

export const TEST_APP_ENV = {
  FORM_SECRET: TEST_FORM_SECRET,
  MAIL_FROM: '24시간 MVP <no-reply@mvp24.example>',
  TEAM_EMAIL: 'team@mvp24.example',
  MAIL_POLL_MS: '50',
  // The suites count the team's mails; the founder's (decision 084) are tested on their own (founder/founder.test.ts).
  FOUNDER_MAIL: 'false',
  // The team's notices of a founder's answers and meeting changes are due at once; the delay that makes a burst one
  // notice is tested on its own (booking.test.ts, thread.test.ts).
  FOUNDER_BURST_MS: '0',
} as const;

/**
 * For tests about delivery rather than the guards: failed mails retried within a fraction of a second, no per-client
 * limit in the way, and the scheduled jobs run only when a test calls `app.jobs.runDue(now)`.
 */
export const DELIVERY_TEST_ENV = {
  MAIL_RETRY_BASE_MS: '50',
  MAIL_RETRY_MAX_MS: '200',
  RATE_LIMIT_PER_IP: '100000',
  JOBS: 'false',
} as const;

export async function buildTestApp(
  store: TestDatabase,
  env: Record<string, string> = {},
  dependencies: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ ...store.appEnv, ...TEST_APP_ENV, ...env }), dependencies);
  await app.ready();
  return app;
}

export interface IntakeSuite {
  /** The suite's database (PGlite or PostgreSQL). */
  readonly store: TestDatabase;
  /** A real SMTP server the apps mail through; its received mails are forgotten after each test. */
  readonly smtp: SmtpTestServer;
  /** An app on the suite's storage mailing through its SMTP server; closed after the test. */
  start(env?: Record<string, string>): Promise<FastifyInstance>;
}

/**
 * A suite's storage and SMTP server on `driver`, and apps started per test: after each test the apps are closed,
 * the mails forgotten and the tables emptied; after the suite everything is stopped. Call inside `describe`.
 */
export function intakeSuite(driver: Driver): IntakeSuite {
  let store: TestDatabase | undefined;
  let smtp: SmtpTestServer | undefined;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    store = await testDatabase(driver);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    while (apps.length > 0) await apps.pop()!.close();
    smtp!.received.length = 0;
    await store!.empty();
  });
  afterAll(async () => {
    await smtp?.stop();
    store?.cleanup();
  });
  return {
    get store() {
      return store!;
    },
    get smtp() {
      return smtp!;
    },
    async start(env = {}) {
      const app = await buildTestApp(store!, { SMTP_URL: smtp!.url, ...env });
      apps.push(app);
      return app;
    },
  };
}
