/**
 * The workspace's inbox and figures (decisions 083, 092): leads sorted by what is due — open leads (the 24-hour
 * promise of domain/promise.ts: no prototype yet, not closed) by their promised time, the oldest promise first; then
 * the rest, newest first —
 * filtered by stage, overdue and folder, searched over name, e-mail and idea text, a page at a time (offset paging:
 * measured fast enough at 10,000 ideas, see the decision and docs/benchmarks.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { KST_OFFSET_MS } from '../../domain/kst';
import { promisedByOf } from '../../domain/promise';
import type { Stage } from '../../domain/stages';
import {
  leadReference,
  type LeadFigures,
  type LeadList,
  type LeadListFilter,
  type LeadSummary,
} from '../../domain/workspace-api';
import type { Database } from '../db/client';
import { ideaIdList, isIdeaId } from './idea-ids';
import { inSpamFolder, isDue, isKept, isOpen, isOverdue } from './lead-promise-sql';

export { inSpamFolder, isOpen };

const SUMMARY_CHARS = 120;

export const promisedBy = (receivedAt: string) => promisedByOf(receivedAt).toISOString();

/** The filter's conditions, the open/done split left aside. */
function whereOf(filter: LeadListFilter, now: Date): SQL {
  const parts: SQL[] = [filter.folder === 'spam' ? inSpamFolder : sql`not ${inSpamFolder}`];
  if (filter.stage) parts.push(sql`i.stage = ${filter.stage}`);
  if (filter.overdue) parts.push(isOverdue(now));
  if (filter.q) parts.push(searchCondition(filter.q));
  return sql.join(parts, sql` and `);
}

/** `%`, `_` and `\` searched for as themselves in a LIKE pattern (backslash is LIKE's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What was typed, found literally in name, e-mail or idea text (lowered) through the trigram index
 * `ideas_search_trgm_idx` (decision 093) — or, when it is a reference (the id's first 8, as the mails and the
 * founder quote it) or a whole id, that lead by its primary key.
 */
export function searchCondition(q: string): SQL {
  const needle = q.trim().toLowerCase();
  const text = sql`lower(i.name || ' ' || i.email || ' ' || i.idea) like ${`%${likeLiteral(needle)}%`}`;
  if (isIdeaId(needle)) return sql`(i.id = ${needle}::uuid or ${text})`;
  if (/^[0-9a-f]{8}$/.test(needle))
    return sql`(i.id between ${`${needle}-0000-0000-0000-000000000000`}::uuid
      and ${`${needle}-ffff-ffff-ffff-ffffffffffff`}::uuid or ${text})`;
  return text;
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

export const SUMMARY_COLUMNS = sql`i.id, i.received_at, i.name, i.email, left(i.idea, ${SUMMARY_CHARS * 2}) as summary,
  i.stage, i.owner_id, tm.email as owner_email, exists (select 1 from voice_memos m where m.idea_id = i.id) as voice,
  i.spam_reason, i.released_at, i.closed_at, i.prototype_delivered_at`;

const FROM = sql`from ideas i left join team_members tm on tm.id = i.owner_id`;

/**
 * One page of the inbox as of `now`. Without a search, open and done leads are read as two ranges, each in the
 * order of an index (`ideas_open_due_idx` ascending, `ideas_received_at_idx` descending), and the page is cut
 * across them by their counts: no sort of every row. A search reads every row anyway; its matches are sorted.
 */
export async function listLeads(database: Database, filter: LeadListFilter, now = new Date()): Promise<LeadList> {
  const where = whereOf(filter, now);
  const offset = (filter.page - 1) * filter.pageSize;
  const answer = (total: number, rows: SummaryRow[]): LeadList => ({
    now: now.toISOString(),
    page: filter.page,
    pageSize: filter.pageSize,
    total,
    leads: rows.map(toSummary),
  });
  if (filter.q) {
    // The page's ids first (only the sort keys for every match), then the page's columns for those 25.
    const page = await database.rows<{ id: string; total: number | string }>(sql`
      select i.id, count(*) over () as total from ideas i where ${where}
      order by ${isOpen} desc, case when ${isOpen} then i.received_at end asc, i.received_at desc, i.id
      limit ${filter.pageSize} offset ${offset}`);
    const total =
      page[0] !== undefined
        ? Number(page[0].total)
        : Number((await database.rows<{ n: string }>(sql`select count(*) as n from ideas i where ${where}`))[0]?.n);
    if (page.length === 0) return answer(total, []);
    const rows = await database.rows<SummaryRow>(
      sql`select ${SUMMARY_COLUMNS} ${FROM} where i.id in (${ideaIdList(page.map((row) => row.id))})`,
    );
    const order = new Map(page.map((row, index) => [row.id, index]));
    return answer(
      total,
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!),
    );
  }
  const openWhere = sql`${where} and ${isOpen}`;
  const doneWhere = sql`${where} and not ${isOpen}`;
  const mayBeDone = !filter.overdue;
  const [counts] = await database.rows<{ open: string | number; done: string | number }>(sql`select
    (select count(*) from ideas i where ${openWhere}) as open,
    ${mayBeDone ? sql`(select count(*) from ideas i where ${doneWhere})` : sql`0`} as done`);
  const openCount = Number(counts?.open ?? 0);
  const doneCount = Number(counts?.done ?? 0);
  const rows: SummaryRow[] = [];
  if (offset < openCount)
    rows.push(
      ...(await database.rows<SummaryRow>(sql`select ${SUMMARY_COLUMNS} ${FROM} where ${openWhere}
        order by i.received_at asc, i.id limit ${filter.pageSize} offset ${offset}`)),
    );
  const left = filter.pageSize - rows.length;
  if (left > 0 && doneCount > 0)
    rows.push(
      ...(await database.rows<SummaryRow>(sql`select ${SUMMARY_COLUMNS} ${FROM} where ${doneWhere}
        order by i.received_at desc, i.id limit ${left} offset ${Math.max(0, offset - openCount)}`)),
    );
  return answer(openCount + doneCount, rows);
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
      where not ${inSpamFolder} and i.received_at >= ${start.toISOString()}::timestamptz
        and i.received_at < ${end.toISOString()}::timestamptz
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
    medianMinutesToPrototype: median === null || median === undefined ? null : Math.round(Number(median) / 60),
    overdueNow: Number(row?.overdue ?? 0),
  };
}
