/**
 * The app as most server tests run it: on the test database's storage (no site), with the form secret the test
 * tokens are signed with, the team's test addresses, and a mail worker that looks for mail every 50 ms. A test adds
 * or overrides settings with `env`; the caller closes the app.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app';
import { testConfig } from '../config';
import { TEST_FORM_SECRET } from './intake-client';
import type { TestDatabase } from './test-database';

export const TEST_APP_ENV = {
  FORM_SECRET: TEST_FORM_SECRET,
  MAIL_FROM: '24시간 MVP <no-reply@mvp24.example>',
  TEAM_EMAIL: 'team@mvp24.example',
  MAIL_POLL_MS: '50',
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
