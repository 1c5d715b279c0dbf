/**
 * The inbox's pages on PGlite and PostgreSQL (decision 093): the pager's counts stop at LEAD_COUNT_CAP past the
 * page's first lead and say so; below the cap the total is exact; the pages cut across the open and the done leads
 * in one order (open by promise, oldest first; then the rest, newest first), whatever the page size; the stage
 * filter's two partial indexes answer its ranges (a stage with no leads, 계약, is not read through every open one);
 * each range is counted and paged in its index's order, ties on the time broken by the id (decision 110); a common
 * word is paged as the inbox is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_COUNT_CAP, type LeadListFilter } from '../../domain/workspace-api';
import type { Database } from '../db/client';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { listLeads } from './lead-inbox';

/** More leads than the cap: every third one done (delivered), a few in the spam folder. */
const LEADS = LEAD_COUNT_CAP + 60;

describe.each(DRIVERS)('the inbox pages on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let database: Database;
  const now = new Date('2026-11-26T03:00:00Z');

  beforeAll(async () => {
    store = await testDatabase(driver);
    database = await store.open();
    await store.empty(database);
    await database.rows(sql`insert into ideas (id, received_at, idea, name, email, phone, stage, spam_reason,
        prototype_delivered_at, prototype_url)
      select gen_random_uuid(), ${now.toISOString()}::timestamptz - n * interval '1 minute', '아이디어 ' || n,
        '이름' || n, 'user' || n || '@example.com', '', case when n % 3 = 0 then 'delivered' else 'new' end,
        case when n % 100 = 0 then 'honeypot' end,
        case when n % 3 = 0 then ${now.toISOString()}::timestamptz - n * interval '1 minute' + interval '1 hour' end,
        case when n % 3 = 0 then 'https://proto.example/app' end
      from generate_series(1, ${LEADS}) n`);
    await database.rows(sql`analyze ideas`);
  });
  afterAll(async () => {
    await database?.close();
    store?.cleanup();
  });

  const list = (filter: Partial<LeadListFilter>) =>
    listLeads(database, { folder: 'inbox', page: 1, pageSize: 25, ...filter }, now);

  it('counts up to the cap past the page and says there are more; exact below it', async () => {
    const inInbox = LEADS - Math.floor(LEADS / 100);
    const first = await list({});
    expect(first).toMatchObject({ total: LEAD_COUNT_CAP, totalCapped: true });
    // A page far enough on counts to its own start plus the cap: the rest, exactly.
    const later = await list({ page: 3, pageSize: 100 });
    expect(later).toMatchObject({ total: inInbox, totalCapped: false });
    expect((await list({ q: '이름1' })).totalCapped).toBe(false);
    expect((await list({ stage: 'delivered' })).total).toBe(Math.floor(LEADS / 3) - Math.floor(LEADS / 300));
  });

  it('cuts the pages across the open and the done leads in one order, whatever the page size', async () => {
    const whole: string[] = [];
    for (let page = 1; ; page += 1) {
      const { leads } = await list({ page, pageSize: 100 });
      whole.push(...leads.map((lead) => lead.id));
      if (leads.length < 100) break;
    }
    const expected = await database.rows<{ id: string }>(sql`select id::text as id from ideas
      where spam_reason is null
      order by (prototype_delivered_at is null) desc,
        case when prototype_delivered_at is null then received_at end asc, received_at desc, id`);
    expect(whole).toEqual(expected.map((row) => row.id));
    // Pages of 7 cut the same order elsewhere: the page where the open leads end holds both kinds.
    const openCount = (
      await database.rows<{ n: string | number }>(
        sql`select count(*) as n from ideas where spam_reason is null and prototype_delivered_at is null`,
      )
    )[0]!.n;
    const page = Math.floor(Number(openCount) / 7) + 1;
    const cut = (await list({ page, pageSize: 7 })).leads;
    expect(cut.map((lead) => lead.id)).toEqual(expected.slice((page - 1) * 7, page * 7).map((row) => row.id));
    expect(new Set(cut.map((lead) => lead.clock.deliveredAt === null)).size).toBe(Number(openCount) % 7 ? 2 : 1);
  });

  it('breaks ties on the time by the id, across a page boundary, open and done alike', async () => {
    const at = '2026-11-20T00:00:00Z';
    await database.rows(sql`insert into ideas (id, received_at, idea, name, email, phone, stage,
        prototype_delivered_at, prototype_url)
      select gen_random_uuid(), ${at}::timestamptz, '동점 ' || n, '동점' || n, 'tie' || n || '@example.com', '',
        'meeting', case when n % 2 = 0 then ${at}::timestamptz + interval '1 hour' end,
        case when n % 2 = 0 then 'https://proto.example/app' end
      from generate_series(1, 40) n`);
    try {
      const expected = await database.rows<{ id: string }>(sql`select id::text as id from ideas
        where stage = 'meeting' order by (prototype_delivered_at is null) desc, id`);
      for (const filter of [{ stage: 'meeting' as const }, { q: '동점' }]) {
        const whole: string[] = [];
        for (let page = 1; page <= 6; page += 1)
          whole.push(...(await list({ ...filter, page, pageSize: 7 })).leads.map((lead) => lead.id));
        expect(whole).toEqual(expected.map((row) => row.id));
      }
    } finally {
      await database.rows(sql`delete from ideas where stage = 'meeting'`);
    }
  });

  it('answers a stage with no leads with an empty page', async () => {
    expect(await list({ stage: 'contracted' })).toMatchObject({ total: 0, totalCapped: false, leads: [] });
    expect(await list({ stage: 'contracted', page: 3 })).toMatchObject({ total: 0, leads: [] });
  });

  it('pages a common word as the inbox and a rarer one in the same order, read at once or walked', async () => {
    const ids = async (filter: Partial<LeadListFilter>, readAtOnce?: number) => {
      const whole: string[] = [];
      for (let page = 1; ; page += 1) {
        const { leads } = await listLeads(
          database,
          { folder: 'inbox', ...filter, page, pageSize: 100 },
          now,
          readAtOnce,
        );
        whole.push(...leads.map((lead) => lead.id));
        if (leads.length < 100) return whole;
      }
    };
    // Every lead holds 아이디어: more matches than the cap. Read at once (up to the cap past it) …
    const common = await list({ q: '아이디어' });
    expect(common).toMatchObject({ total: LEAD_COUNT_CAP, totalCapped: true });
    const inbox = await ids({});
    expect(await ids({ q: '아이디어' })).toEqual(inbox);
    // … or counted up to the cap and each range walked in its order: the same pages and counts.
    expect(await listLeads(database, { folder: 'inbox', page: 1, pageSize: 25, q: '아이디어' }, now, 0)).toEqual(
      common,
    );
    expect(await ids({ q: '아이디어' }, 0)).toEqual(inbox);
    // … or found, in the search table alone, to be more than the bound (here one past the cap): counted and walked.
    expect(await ids({ q: '아이디어' }, 1)).toEqual(inbox);
    // A few: read through the trigram index and sorted.
    const rare = await ids({ q: '이름10' });
    expect(rare.length).toBeGreaterThan(10);
    expect(rare).toEqual(inbox.filter((id) => rare.includes(id)));
    expect(await ids({ q: '이름10' }, 0)).toEqual(rare);
  });

  /** The plans of the statements `listLeads` runs for `filter` (sequential scans off: the table is small). */
  const plansOf = async (filter: Partial<LeadListFilter>) => {
    const statements: ReturnType<typeof sql>[] = [];
    const recording: Database = {
      ...database,
      rows: (query) => {
        statements.push(query);
        return database.rows(query);
      },
    };
    await listLeads(recording, { folder: 'inbox', page: 1, pageSize: 25, ...filter }, now);
    return database.transaction(async (rows) => {
      await rows(sql`set local enable_seqscan = off`);
      const plans: string[] = [];
      for (const statement of statements) {
        const lines = await rows<Record<string, string>>(sql`explain ${statement}`);
        plans.push(lines.map((line) => Object.values(line)[0]).join('\n'));
      }
      return plans;
    });
  };

  it('counts and pages each range from an index in its order, without sorting', async () => {
    // The first page: the open leads counted (fewer than the cap), then the done ones, then the page.
    const [openCount, doneCount, openPage] = await plansOf({});
    expect(openCount).toContain('ideas_open_due_idx');
    expect(doneCount).toContain('ideas_done_idx');
    expect(openPage).toContain('ideas_open_due_idx');
    // A page past the open leads: read from the done range.
    const [, , donePage] = await plansOf({ page: 41 });
    expect(donePage).toContain('ideas_done_idx');
    for (const plan of [openCount, doneCount, openPage, donePage]) expect(plan).not.toMatch(/Sort/);
  });

  it('answers a stage filter from its partial indexes, in their order', async () => {
    // 계약 has no leads: its open range is not read through every open lead.
    const [openCount, doneCount] = await plansOf({ stage: 'contracted' });
    expect(openCount).toContain('ideas_open_stage_idx');
    expect(doneCount).toContain('ideas_done_stage_idx');
    // A stage with leads (a few hundred here: read and sorted, cheaper than walking for so few).
    expect((await plansOf({ stage: 'delivered' })).join('\n')).toMatch(/ideas_(open|done)_stage_idx/);
  });
});
