/**
 * The promise's SQL (lead-promise-sql.ts) against the model (domain/promise.ts), on PGlite and PostgreSQL, over the
 * same boundary cases (domain/promise-cases.ts), the clock injected: each case's state, overdue, due and kept as
 * SQL computes them, the overdue filter, the inbox's open range and the figures all agree with `promiseOf`.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { promiseOf, wholeMinutes } from '../../domain/promise';
import { PROMISE_CASES } from '../../domain/promise-cases';
import { storeLead } from '../../../test-support/server/lead-fixtures';
import { APP_TEST_TIMEOUT_MS, DRIVERS, suiteDatabase } from '../../../test-support/server/test-database';
import { leadFigures, listLeads } from './lead-inbox';
import { isDue, isKept, isOverdue, promiseStateSql } from './lead-promise-sql';

/** Mid-month in Korea, so every case's receipt falls in the same KST month as `now`. */
const NOW = new Date('2026-11-20T03:00:00Z');
const MINUTE = 60_000;

describe.each(DRIVERS)('the promise in SQL on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const suite = suiteDatabase(driver);
  const ids = new Map<string, (typeof PROMISE_CASES)[number]>();

  beforeEach(async () => {
    ids.clear();
    for (const c of PROMISE_CASES) {
      const received = NOW.getTime() - c.nowAfter;
      const id = await storeLead(suite.database, {
        id: crypto.randomUUID(),
        receivedAt: new Date(received),
        stage: c.closedAfter !== null ? 'closed' : c.deliveredAfter !== null ? 'delivered' : 'reviewing',
        prototypeDeliveredAt: c.deliveredAfter === null ? null : new Date(received + c.deliveredAfter),
        closedAt: c.closedAfter === null ? null : new Date(received + c.closedAfter),
        spamReason: c.spam ? 'honeypot' : null,
      });
      ids.set(id, c);
    }
  });

  it('computes each case as promiseOf does, at each boundary', async () => {
    const rows = await suite.database.rows<{
      id: string;
      state: string;
      overdue: boolean;
      due: boolean;
      kept: boolean;
    }>(
      sql`select i.id::text as id, ${promiseStateSql} as state, ${isOverdue(NOW)} and not
        (i.spam_reason is not null and i.released_at is null) as overdue,
        ${isDue(NOW)} and not (i.spam_reason is not null and i.released_at is null) as due, ${isKept} as kept
        from ideas i`,
    );
    expect(rows).toHaveLength(PROMISE_CASES.length);
    for (const row of rows) {
      const c = ids.get(row.id)!;
      expect({ case: c.name, ...row, id: undefined }).toEqual({ case: c.name, ...c.expected, id: undefined });
    }
  });

  it('filters overdue, orders the open range and counts the figures as the model does', async () => {
    const model = [...ids.entries()].map(([id, c]) => {
      const received = NOW.getTime() - c.nowAfter;
      const at = (offset: number | null) => (offset === null ? null : new Date(received + offset));
      return {
        id,
        view: promiseOf(
          {
            receivedAt: new Date(received),
            deliveredAt: at(c.deliveredAfter),
            closedAt: at(c.closedAfter),
            spam: c.spam,
          },
          NOW,
        ),
      };
    });
    const overdue = await listLeads(suite.database, { folder: 'inbox', overdue: true, page: 1, pageSize: 100 }, NOW);
    expect(overdue.leads.map((lead) => lead.id).sort()).toEqual(
      model
        .filter((lead) => lead.view.overdue)
        .map((lead) => lead.id)
        .sort(),
    );
    const inbox = await listLeads(suite.database, { folder: 'inbox', page: 1, pageSize: 100 }, NOW);
    const openIds = model.filter((lead) => lead.view.state === 'open').map((lead) => lead.id);
    // The open leads come first (oldest promise first), then the rest; the spam folder is not in the inbox.
    expect(new Set(inbox.leads.slice(0, openIds.length).map((lead) => lead.id))).toEqual(new Set(openIds));
    expect(inbox.total).toBe(model.filter((lead) => lead.view.state !== 'spam').length);
    const figures = await leadFigures(suite.database, NOW);
    expect(figures).toMatchObject({
      received: model.filter((lead) => lead.view.state !== 'spam').length,
      due: model.filter((lead) => lead.view.due).length,
      deliveredInTime: model.filter((lead) => lead.view.kept).length,
      overdueNow: model.filter((lead) => lead.view.overdue).length,
    });
  });

  it('never counts a lead inside its 24 hours as a miss', async () => {
    await suite.store.empty(suite.database);
    await storeLead(suite.database, { receivedAt: new Date(NOW.getTime() - 2 * MINUTE) });
    await storeLead(suite.database, { receivedAt: new Date(NOW.getTime() - 3 * MINUTE) });
    await storeLead(suite.database, {
      receivedAt: new Date(NOW.getTime() - 60 * MINUTE),
      stage: 'delivered',
      prototypeDeliveredAt: new Date(NOW.getTime() - 59 * MINUTE),
    });
    expect(await leadFigures(suite.database, NOW)).toMatchObject({
      received: 3,
      due: 1,
      deliveredInTime: 1,
      medianMinutesToPrototype: 1,
      overdueNow: 0,
    });
  });

  it('rounds the median as the list rounds the same lead (「5분 만에 전달」 is a median of 5분)', async () => {
    await suite.store.empty(suite.database);
    const receivedAt = new Date(NOW.getTime() - 60 * MINUTE);
    const deliveredAt = new Date(receivedAt.getTime() + 5 * MINUTE + 40_000);
    await storeLead(suite.database, { receivedAt, stage: 'delivered', prototypeDeliveredAt: deliveredAt });
    const { ms } = promiseOf({ receivedAt, deliveredAt, closedAt: null }, NOW);
    expect((await leadFigures(suite.database, NOW)).medianMinutesToPrototype).toBe(wholeMinutes(ms));
  });
});

describe('the CSV reads the promise', () => {
  it('names each case by promiseOf, as of the export', async () => {
    const { promiseLabel } = await import('./ideas-csv');
    const { leadsCopy } = await import('../../content/workspace');
    for (const c of PROMISE_CASES) {
      const received = NOW.getTime() - c.nowAfter;
      const at = (offset: number | null) => (offset === null ? null : new Date(received + offset).toISOString());
      const label = promiseLabel(
        {
          receivedAt: new Date(received).toISOString(),
          prototypeDeliveredAt: at(c.deliveredAfter),
          closedAt: at(c.closedAfter),
          spamReason: c.spam ? 'honeypot' : null,
          releasedAt: null,
        } as Parameters<typeof promiseLabel>[0],
        NOW,
      );
      expect(label, c.name).toBe(c.expected.overdue ? leadsCopy.promise.overdue : leadsCopy.promise[c.expected.state]);
    }
  });
});
