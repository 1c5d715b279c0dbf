/**
 * The event bus under a burst (issue 32): the events published in one tick — a group commit's new leads — are
 * stored in one statement and announced together, in id order, on both databases; on PostgreSQL a burst larger than
 * one NOTIFY payload still reaches the listeners whole.
 */
import crypto from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceEvent } from '../../domain/workspace-events';
import type { Database } from '../db/client';
import { DRIVERS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import type { EventBus } from './event-bus';
import { openEventBus } from './open-event-bus';
import { NOTIFY_PAYLOAD_MAX, notifyPayloads } from './postgres-bus';

const silent = pino({ level: 'silent' });
const dialect = new PgDialect();

describe.each(DRIVERS)('the event bus on %s', (driver) => {
  let store: TestDatabase;
  let database: Database;
  let bus: EventBus;
  const statements: string[] = [];

  beforeAll(async () => {
    store = await testDatabase(driver);
    const opened = await store.open();
    // The same database, with every statement's text noted.
    database = {
      ...opened,
      rows: (query) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return opened.rows(query);
      },
    };
    bus = await openEventBus(database, store.databaseUrl, silent);
  });
  afterAll(async () => {
    await bus?.close();
    await database?.close();
    store?.cleanup();
  });

  it('stores a burst in one statement and announces every event once, in id order', async () => {
    const heard: WorkspaceEvent[] = [];
    const stop = bus.subscribe((event) => heard.push(event));
    const ideaIds = Array.from({ length: 120 }, () => crypto.randomUUID());
    statements.length = 0;

    await Promise.all(ideaIds.map((ideaId) => bus.publish({ kind: 'lead_received', ideaId })));
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(ideaIds.length);

    expect(statements.filter((text) => /insert into workspace_events/i.test(text))).toHaveLength(1);
    expect(heard.map((event) => event.ideaId)).toEqual(ideaIds);
    expect(heard.map((event) => event.id)).toEqual([...heard.map((event) => event.id)].sort((a, b) => a - b));
    stop();
  });
});

describe('NOTIFY payloads', () => {
  it('split a burst into JSON arrays under the payload limit, keeping every event in order', () => {
    const events: WorkspaceEvent[] = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      kind: 'lead_received',
      ideaId: crypto.randomUUID(),
      memberId: null,
      actorId: null,
    }));
    const payloads = notifyPayloads(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(NOTIFY_PAYLOAD_MAX);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as WorkspaceEvent[])).toEqual(events);
  });
});
