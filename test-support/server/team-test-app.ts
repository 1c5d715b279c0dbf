/**
 * The workspace's server tests' app (member-control, record-anchor, leads-routes): one app on one test database for
 * a describe block, built before the block with the scheduled jobs off, emptied before each test, closed after the
 * block. Call it first in the block: its hooks then run before the block's own (which sign members in with
 * lead-fixtures' `signedIn` and make requests with `asMember`). The handle's fields are set once the block started.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { buildTestApp } from './test-app';
import { testDatabase, type Driver, type TestDatabase } from './test-database';

export interface TeamTestApp {
  readonly store: TestDatabase;
  readonly app: FastifyInstance;
  readonly database: Database;
}

export function useTeamTestApp(driver: Driver): TeamTestApp {
  const handle = {} as { store: TestDatabase; app: FastifyInstance; database: Database };
  beforeAll(async () => {
    handle.store = await testDatabase(driver);
    handle.app = await buildTestApp(handle.store, { JOBS: 'false' });
    handle.database = handle.app.database;
  });
  afterAll(async () => {
    await handle.app?.close();
    handle.store?.cleanup();
  });
  beforeEach(async () => {
    await handle.store.empty(handle.database);
  });
  return handle;
}

/** A request from a signed-in member's page (`who`: lead-fixtures' `signedIn`), with a JSON body when one is given. */
export function asMember(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  method: NonNullable<InjectOptions['method']>,
  url: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
