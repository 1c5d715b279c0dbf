/**
 * The workspace's inbox and figures (decisions 083, 092): leads sorted by what is due — open leads (the 24-hour
 * promise of domain/promise.ts: no prototype yet, not closed) by their promised time, the oldest promise first; then
 * the rest, newest first —
 * filtered by stage, overdue and folder, searched over name, e-mail and idea text, a page at a time (offset paging
 * with capped counts over indexes in page order: measured at 100,000 ideas, decisions 093 and 110, and
 * docs/benchmarks.md).
 */
import { leadReference } from '../../domain/lead-reference';
import { sql, type SQL } from 'drizzle-orm';
import { KST_OFFSET_MS } from '../../domain/kst';
import { promisedByOf, wholeMinutes } from '../../domain/promise';
import type { Stage } from '../../domain/stages';
import type { Channel } from '../../domain/lead-source';
import {
  LEAD_COUNT_CAP,
  type LeadFigures,
  type LeadList,
  type LeadListFilter,
  type LeadSummary,
} from '../../domain/workspace-api';
import type { Database } from '../db/client';
import { ideaIdList, isIdeaId } from '../db/idea-ids';
import { followUpAll } from './follow-up';
import { inSpamFolder, isDone, isDue, isKept, isOpen, isOverdue } from './lead-promise-sql';

export { inSpamFolder, isOpen };

const SUMMARY_CHARS = 120;

export const promisedBy = (receivedAt: string) => promisedByOf(receivedAt).toISOString();

/** The filter's conditions over `i`, the open/done split left aside (the inbox's pages and the CSV export). */
export function whereOf(
  filter: Pick<LeadListFilter, 'folder' | 'stage' | 'channel' | 'overdue' | 'q'>,
  now: Date,
): SQL {
  const parts: SQL[] = [filter.folder === 'spam' ? inSpamFolder : sql`not ${inSpamFolder}`];
  if (filter.stage) parts.push(sql`i.stage = ${filter.stage}`);
  if (filter.channel) parts.push(sql`i.source_channel = ${filter.channel}`);
  if (filter.overdue) parts.push(isOverdue(now));
  if (filter.q) parts.push(searchCondition(filter.q));
  return sql.join(parts, sql` and `);
}

/** `%`, `_` and `\` searched for as themselves in a LIKE pattern (backslash is LIKE's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Each word typed, found literally and in any order in the name, e-mail, idea text, the team's notes and the thread's
 * messages (lowered, kept in `idea_search`: follow-up.ts, search-text.ts) through its trigram index
 * `idea_search_trgm_idx` (decisions 093 and 115) — or, when it is a reference (the id's first 8, as the mails
 * and the founder quote it) or a whole id, that lead by its primary key. Words alone are a semi-join from the
 * trigram index (it stops at a count's limit); with a reference the matching ids are read first, as one array
 * (`= any(array(…))`: an index condition on the primary key, which an `or` with the reference's range keeps);
 * `eachRow` instead tests each lead as it is read (a common word walked in page order, decision 110: its thousands
 * of matches are never collected). The caller brings the index up to date first (follow-up.ts `followUpAll`).
 */
function searchWords(q: string) {
  const needle = q.trim().toLowerCase();
  // Every word, each anywhere and in any order (issue 47, item 5): 「학부모 리포트」 finds "학부모에게 보내는 주간 리포트".
  const words = needle.split(/\s+/).filter((word) => word !== '');
  const patterns = words.map((word) => `%${likeLiteral(word)}%`);
  const matches = sql.join(
    patterns.map((pattern) => sql`s.text like ${pattern}`),
    sql` and `,
  );
  return { needle, patterns, matches, reference: isIdeaId(needle) || /^[0-9a-f]{8}$/.test(needle) };
}

/**
 * The ids whose text holds every word (`idea_id` of `idea_search`, before the inbox's own filters), for a search of
 * words only; undefined for a reference or an id, which `searchCondition` finds by the primary key too.
 */
export function searchCandidates(q: string): SQL | undefined {
  const { patterns, matches, reference } = searchWords(q);
  if (patterns.length === 0 || reference) return undefined;
  return sql`select s.idea_id from idea_search s where ${matches}`;
}

export function searchCondition(q: string, options: { eachRow?: boolean } = {}): SQL {
  const { needle, patterns, matches } = searchWords(q);
  if (patterns.length === 0) return sql`true`;
  // Each lead's text read by its key, a scalar the planner cannot turn into a join over the whole table (decision
  // 110; an `exists` became a semi-join that matched every row's text: 165 ms for a broad word at 100,000).
  if (options.eachRow)
    return sql`(select s.text from idea_search s where s.idea_id = i.id) like all (array[${sql.join(
      patterns.map((pattern) => sql`${pattern}`),
      sql`, `,
    )}]::text[])`;
  const ids = sql`i.id = any(array(select s.idea_id from idea_search s where ${matches}))`;
  if (isIdeaId(needle)) return sql`(i.id = ${needle}::uuid or ${ids})`;
  if (/^[0-9a-f]{8}$/.test(needle))
    return sql`(i.id between ${`${needle}-0000-0000-0000-000000000000`}::uuid
      and ${`${needle}-ffff-ffff-ffff-ffffffffffff`}::uuid or ${ids})`;
  return sql`i.id in (select s.idea_id from idea_search s where ${matches})`;
}

interface SummaryRow extends Record<string, unknown> {
  id: string;
  received_at: Date | string;
  name: string;
  email: string;
  summary: string;
  stage: Stage;
  owner_id: string | null;
  owner_email: string | null;
  voice: boolean;
  spam_reason: string | null;
  released_at: Date | string | null;
  closed_at: Date | string | null;
  prototype_delivered_at: Date | string | null;
  source_channel: Channel;
  source_name: string;
  source_medium: string;
  source_campaign: string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function oneLine(text: string, max = SUMMARY_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function toSummary(row: SummaryRow): LeadSummary {
  const receivedAt = iso(row.received_at)!;
  return {
    id: row.id,
    reference: leadReference(row.id),
    name: row.name,
    email: row.email,
    summary: oneLine(row.summary),
    stage: row.stage,
    owner: row.owner_id && row.owner_email ? { id: row.owner_id, email: row.owner_email } : null,
    voice: Boolean(row.voice),
    source: {
      channel: row.source_channel,
      source: row.source_name,
      medium: row.source_medium,
      campaign: row.source_campaign,
    },
    spamReason: row.spam_reason,
    releasedAt: iso(row.released_at),
    closedAt: iso(row.closed_at),
    clock: {
      receivedAt,
      promisedBy: promisedBy(receivedAt),
      deliveredAt: iso(row.prototype_delivered_at),
      closedAt: iso(row.closed_at),
      spam: row.spam_reason !== null && row.released_at === null,
    },
  };
}

const SUMMARY_COLUMNS = sql`i.id, i.received_at, i.name, i.email, left(i.idea, ${SUMMARY_CHARS * 2}) as summary,
  i.stage, i.owner_id, tm.email as owner_email, m.idea_id is not null as voice,
  i.spam_reason, i.released_at, i.closed_at, i.prototype_delivered_at, i.source_channel, i.source_name,
  i.source_medium, i.source_campaign`;

// The memo by its primary key: an `exists` here was planned as a hashed subplan reading every memo row (100 ms at
// 10,000 memos) for a page of 25.
const FROM = sql`from ideas i left join team_members tm on tm.id = i.owner_id
  left join voice_memos m on m.idea_id = i.id`;

/**
 * One page of the inbox as of `now`. Open and done leads are read as two ranges, each in the order of an index that
 * holds it to its last key (decision 110: `ideas_open_due_idx` or `ideas_open_stage_idx` ascending,
 * `ideas_done_idx` or `ideas_done_stage_idx` newest first, `id` breaking ties, the spam folder left out by the
 * indexes' predicates), and the page is cut across them by their counts. The counts stop at LEAD_COUNT_CAP past the
 * page's first lead (decision 093): counting every lead read every lead (p99 2.25 s at 100,000). Below the cap the
 * total is exact; above it the answer says "at least" (`totalCapped`). The done range's offset needs the open count
 * exactly only when the page starts past the open leads, and then the open count is below the cap. The page's ids
 * come first (sort keys only), then the page's columns for those.
 *
 * A search counts a range's matches through the trigram index, up to its limit. When they stop below it (few
 * matches), they are all read and sorted (at most the cap). When they reach it (a common word), the range is walked
 * in its index's order testing each lead for the words, and the walk stops at the page: a word in one lead of six is
 * met every six leads, and its thousands of matches are never sorted.
 */
/** A `text[]` as the driver gives it: an array (pg, PGlite's parser) or its literal `{a,b}`. */
const textArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter((item) => item !== '');

export async function listLeads(
  database: Database,
  filter: LeadListFilter,
  now = new Date(),
  /** How many matches past the cap a search reads at once (below): tests set 0 to take the counts and the walk. */
  readAtOnce = LEAD_COUNT_CAP,
): Promise<LeadList> {
  if (filter.q) await followUpAll(database);
  const where = whereOf({ ...filter, q: undefined }, now);
  const search = filter.q ? searchCondition(filter.q) : undefined;
  const searchEachRow = filter.q ? searchCondition(filter.q, { eachRow: true }) : undefined;
  const offset = (filter.page - 1) * filter.pageSize;
  const limit = offset + LEAD_COUNT_CAP;
  const page = (openCount: number, doneCount: number, ids: string[]) =>
    pageOfIds(database, filter, now, limit, { openCount, doneCount, ids });
  // With a stage, the order starts with it (one value): the order of `ideas_*_stage_idx` to the letter, so the
  // planner takes that index and not the stage-less one filtered by stage (which read 42,857 open leads for 계약).
  const stageKey = filter.stage ? sql`i.stage, ` : sql``;
  const ranges = {
    open: { where: sql`${where} and ${isOpen}`, order: sql`order by ${stageKey}i.received_at asc, i.id` },
    done: {
      where: sql`${where} and ${isDone}`,
      order: sql`order by ${stageKey}i.received_at desc nulls last, i.id`,
    },
  };
  type Range = (typeof ranges)['open'];
  // A search's matches read through the trigram index (behind the fence, `offset 0`, the planner cannot walk the
  // received order testing every lead for the words, which it would choose for a rare word as readily as for a
  // common one: the index's expression keeps no statistics, decision 077).
  const matches = (range: Range) =>
    sql`(select i.id, i.received_at, i.stage from ideas i where ${range.where} and ${search} offset 0) i`;
  // The range in its index's order, fenced, the words tested on the way: the outer order is the inner one, so no
  // sort, and the limit stops the walk.
  const walked = (range: Range) =>
    sql`(select i.id, i.received_at, i.stage from ideas i where ${range.where}
      ${range.order} offset 0) i where ${searchEachRow}`;
  const countUpTo = async (range: Range, upTo: number) => {
    const counted = search
      ? sql`select 1 from ${matches(range)}`
      : sql`select 1 from ideas i where ${range.where}
      ${range.order}`;
    const [row] = await database.rows<{ n: string | number }>(
      sql`select count(*) as n from (${counted} limit ${upTo}) counted`,
    );
    return Number(row?.n ?? 0);
  };
  const pageOf = async (range: Range, count: number, upTo: number, take: number, skip: number) => {
    const walk = search !== undefined && count >= upTo;
    const from = !search ? sql`ideas i where ${range.where}` : walk ? walked(range) : matches(range);
    const query = sql`select i.id from ${from} ${range.order} limit ${take} offset ${skip}`;
    // The walk's limit is outside its fence, so the planner would cost the whole range and read it all to sort it
    // (42,000 leads for a word in one of six); without sorts it takes the index, in order, and stops at the page.
    const rows = walk
      ? await database.transaction(async (inTransaction) => {
          await inTransaction(sql`set local enable_sort = off`);
          return inTransaction<{ id: string }>(query);
        })
      : await database.rows<{ id: string }>(query);
    return rows.map((row) => row.id);
  };
  // A search's matches, when they are few enough, read once: both ranges' counts and the page from one scan of the
  // trigram index (two common words read 16,000 candidates to keep 1,400; reading them for each count and each
  // range's page took 47 ms at 100,000 ideas). Past the bound the counts and the walk below take over.
  // Words alone are first read from `idea_search` only, up to the bound, and joined to their leads only when fewer
  // came: a word in one lead of six stops there (2,000 rows of the search table, ~4 ms on PGlite) instead of joining
  // 2,000 leads (~25 ms) to learn that the counts and the walk must take over. A reference is read with its leads.
  const candidates = filter.q ? searchCandidates(filter.q) : undefined;
  if (search && readAtOnce > 0) {
    const bound = limit + readAtOnce;
    const matchedLeads = candidates
      ? sql`c as materialized (${candidates} limit ${bound}),
        m as materialized (select i.id, i.received_at, ${isOpen} as open from c join ideas i on i.id = c.idea_id
          where ${where} and (select count(*) from c) < ${bound})`
      : sql`c as (select 0 where false),
        m as materialized (select i.id, i.received_at, ${isOpen} as open from ideas i where ${where} and ${search}
          offset 0 limit ${bound})`;
    const [known] = await database.rows<{
      candidates: string | number;
      n: string | number;
      open_n: string | number;
      ids: string[] | string;
    }>(
      sql`with ${matchedLeads},
        ordered as (select id, row_number() over (order by open desc, case when open then received_at end asc,
          received_at desc nulls last, id) as place from m)
        select (select count(*) from c) as candidates, (select count(*) from m) as n,
          (select count(*) from m where open) as open_n,
          array(select id::text from ordered where place > ${offset} order by place limit ${filter.pageSize}) as ids`,
    );
    const matched = Number(known?.n ?? 0);
    const complete = candidates ? Number(known?.candidates ?? 0) < bound : matched < bound;
    if (complete) return page(Number(known?.open_n ?? 0), matched - Number(known?.open_n ?? 0), textArray(known!.ids));
  }
  // Counted in the range's own order, so the planner walks its index and stops at the limit. One more than the limit
  // tells "more".
  const openUpTo = limit + 1;
  const openCount = await countUpTo(ranges.open, openUpTo);
  // Overdue leads are open by definition.
  const doneUpTo = limit + 1 - openCount;
  const doneCount = openCount > limit || filter.overdue ? 0 : await countUpTo(ranges.done, doneUpTo);
  const ids: string[] = [];
  if (offset < openCount) ids.push(...(await pageOf(ranges.open, openCount, openUpTo, filter.pageSize, offset)));
  const left = filter.pageSize - ids.length;
  if (left > 0 && doneCount > 0)
    ids.push(...(await pageOf(ranges.done, doneCount, doneUpTo, left, Math.max(0, offset - openCount))));
  return page(openCount, doneCount, ids);
}

/** A page's leads by their ids, in that order, with the counts the pager shows (capped at `limit`). */
async function pageOfIds(
  database: Database,
  filter: LeadListFilter,
  now: Date,
  limit: number,
  { openCount, doneCount, ids }: { openCount: number; doneCount: number; ids: string[] },
): Promise<LeadList> {
  const counted = openCount + doneCount;
  const rows =
    ids.length === 0
      ? []
      : await database.rows<SummaryRow>(sql`select ${SUMMARY_COLUMNS} ${FROM} where i.id in (${ideaIdList(ids)})`);
  const order = new Map(ids.map((id, index) => [id, index]));
  return {
    now: now.toISOString(),
    page: filter.page,
    pageSize: filter.pageSize,
    total: Math.min(counted, limit),
    totalCapped: counted > limit,
    leads: rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toSummary),
  };
}

/** The first instant of the Korean month holding `instant`, and of the next one (UTC), and its name YYYY-MM. */
export function kstMonth(instant: Date): { start: Date; end: Date; month: string } {
  const kst = new Date(instant.getTime() + KST_OFFSET_MS);
  const year = kst.getUTCFullYear();
  const month = kst.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1) - KST_OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - KST_OFFSET_MS),
    month: `${year}-${String(month + 1).padStart(2, '0')}`,
  };
}

/**
 * The ideas a period received, as the team counts them (alias `i`): received in [start, end), the spam folder left
 * out. The inbox's month count and the 현황 funnel's 'idea sent' both read this, so they agree; an erased idea is gone
 * from both.
 */
export const receivedBetween = (start: Date, end: Date): SQL =>
  sql`not ${inSpamFolder} and i.received_at >= ${start.toISOString()}::timestamptz
    and i.received_at < ${end.toISOString()}::timestamptz`;

/**
 * This Korean month's figures and the overdue count, as of `now`, by the promise (domain/promise.ts): the on-time
 * rate counts only the leads whose promise is due (delivered, or past their 24 hours), never one inside them; the
 * spam folder is outside every figure.
 */
export async function leadFigures(database: Database, now = new Date()): Promise<LeadFigures> {
  const { start, end, month } = kstMonth(now);
  const [row] = await database.rows<{
    received: number | string;
    due: number | string;
    in_time: number | string;
    median_seconds: number | string | null;
    overdue: number | string;
  }>(sql`
    with month as (
      select ${isDue(now)} as due, ${isKept} as kept, i.received_at, i.prototype_delivered_at from ideas i
      where ${receivedBetween(start, end)}
    )
    select
      (select count(*) from month) as received,
      (select count(*) from month where due) as due,
      (select count(*) from month where kept) as in_time,
      (select percentile_cont(0.5) within group (order by extract(epoch from prototype_delivered_at - received_at))
        from month where prototype_delivered_at is not null) as median_seconds,
      (select count(*) from ideas i where ${isOverdue(now)} and not ${inSpamFolder}) as overdue`);
  const median = row?.median_seconds;
  return {
    month,
    received: Number(row?.received ?? 0),
    due: Number(row?.due ?? 0),
    deliveredInTime: Number(row?.in_time ?? 0),
    // Rounded as the list rounds each lead's own time (domain/promise.ts), so one lead's median is its 「N분」.
    medianMinutesToPrototype: median === null || median === undefined ? null : wholeMinutes(Number(median) * 1000),
    overdueNow: Number(row?.overdue ?? 0),
  };
}
