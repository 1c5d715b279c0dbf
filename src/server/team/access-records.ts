/**
 * Access records, append-only and hash-chained (schema: access_records).
 * Each record's hash is the SHA-256 of the previous record's hash and this record's own fields, so editing a record,
 * removing one from the middle or inserting one breaks the chain, and `verifyAccessChain` names the first record
 * that no longer fits. Appends take a transaction-scoped advisory lock, so two instances on one PostgreSQL append
 * one after the other (the unique index on prev_hash would refuse a fork anyway), and each takes the next sequence
 * number (no gaps from rolled-back transactions). Both ends are anchored outside the database's reach (decision 090,
 * record-anchor.ts): the `head` anchor names the newest record, the `cut` anchor the last one the retention job
 * dropped, each with an HMAC whose key the database does not hold. So `verifyAccessChain` also finds records cut
 * from the end (the head names a later one), from the start (the first kept record is neither the first ever nor
 * the successor of a cut older than the retention period), or removed with the rest recomputed (the head's hash).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIST_VIEW_WINDOW_MS, leadsNamed, type AccessAction, type AccessActor } from '../../domain/access-actions';
import type { Database, RowsFn } from '../db/client';
import { hasRecordKey, readAnchor, writeAnchor } from './record-anchor';

/** The chain's start: the prev_hash of the very first record. */
export const GENESIS_HASH = '0'.repeat(64);
const APPEND_LOCK_ID = 2_417_240_002;

export interface AccessEntry {
  actor: AccessActor;
  action: AccessAction;
  memberId?: string | null;
  ip?: string | null;
  ideaId?: string | null;
  /** What was done beyond the action: a stage, a count, the reason given for an export. Never a visitor's words. */
  details?: Record<string, string | number | boolean | null>;
  at?: Date;
}

export interface AccessRecord {
  seq: number;
  at: string;
  actor: AccessActor;
  action: AccessAction;
  memberId: string | null;
  ip: string | null;
  ideaId: string | null;
  details: Record<string, string | number | boolean | null>;
  prevHash: string;
  hash: string;
}

/** Key order fixed, so a record hashes the same in every process and on either database. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function recordHash(prevHash: string, record: Omit<AccessRecord, 'seq' | 'prevHash' | 'hash'>): string {
  const fields = canonical({
    at: new Date(record.at).toISOString(),
    actor: record.actor,
    action: record.action,
    memberId: record.memberId,
    ip: record.ip,
    ideaId: record.ideaId,
    details: record.details,
  });
  return crypto.createHash('sha256').update(`${prevHash}\n${fields}`).digest('hex');
}

/** Appends one record inside `rows`' transaction (pass `database.transaction`'s rows to record with a change). */
export async function appendAccessRecord(rows: RowsFn, entry: AccessEntry): Promise<void> {
  await rows(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
  const [last] = await rows<{ seq: number | string; hash: string }>(
    sql`select seq, hash from access_records order by seq desc limit 1`,
  );
  const seq = last ? Number(last.seq) + 1 : 1;
  const record = {
    at: (entry.at ?? new Date()).toISOString(),
    actor: entry.actor,
    action: entry.action,
    memberId: entry.memberId ?? null,
    ip: entry.ip ?? null,
    ideaId: entry.ideaId ?? null,
    details: entry.details ?? {},
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = recordHash(prevHash, record);
  await rows(sql`insert into access_records (seq, at, actor, action, member_id, ip, idea_id, details, prev_hash, hash)
    values (${seq}, ${record.at}::timestamptz, ${record.actor}, ${record.action}, ${record.memberId}::uuid, ${record.ip},
      ${record.ideaId}::uuid, ${JSON.stringify(record.details)}::jsonb, ${prevHash}, ${hash})`);
  await writeAnchor(rows, { kind: 'head', seq, hash, at: record.at });
}

/**
 * At start: a chain from before the anchor (or a database whose head was never written) gets its head now, naming
 * its newest record. Nothing when the head exists or there are no records.
 */
export async function anchorExistingChain(database: Database): Promise<void> {
  if (!hasRecordKey()) return;
  await database.transaction(async (rows) => {
    await rows(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
    const [head] = await rows(sql`select 1 from access_record_anchors where kind = 'head'`);
    if (head) return;
    const [last] = await rows<{ seq: number | string; hash: string; at: Date | string }>(
      sql`select seq, hash, at from access_records order by seq desc limit 1`,
    );
    if (last)
      await writeAnchor(rows, {
        kind: 'head',
        seq: Number(last.seq),
        hash: last.hash,
        at: new Date(last.at).toISOString(),
      });
  });
}

/** Appends one record in a transaction of its own. */
export const recordAccess = (database: Database, entry: AccessEntry) =>
  database.transaction((rows) => appendAccessRecord(rows, entry));

/** A search, or a list (any folder, filter or page): only views of one kind cover each other. */
const viewKind = (details: Record<string, unknown>) => (details.searched === true ? 'search' : 'list');

/**
 * A member's list view (the inbox, the board, a search), recorded with the ids of the leads it showed in
 * `details.leads` unless it adds nothing: when this member's records of the same action from the same address within
 * LIST_VIEW_WINDOW_MS already name every lead it shows, no record is appended (decision 090). Nothing already in the
 * chain is changed; the check and the append share the append lock, so two views at once cannot both skip or both
 * append. Resolves to whether a record was appended.
 */
export async function recordListView(
  database: Database,
  entry: AccessEntry & { memberId: string },
  leads: readonly string[],
): Promise<boolean> {
  const at = entry.at ?? new Date();
  const since = new Date(at.getTime() - LIST_VIEW_WINDOW_MS).toISOString();
  return database.transaction(async (rows) => {
    await rows(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
    const recent = await rows<Pick<Row, 'details'>>(sql`select details from access_records
      where member_id = ${entry.memberId}::uuid and action = ${entry.action} and ip is not distinct from ${entry.ip ?? null}
        and at > ${since}::timestamptz`);
    // A search is what the member did (수행업무): a search is covered only by this member's searches, a list by lists.
    const kind = viewKind(entry.details ?? {});
    const same = recent.map((row) => detailsOf(row.details)).filter((details) => viewKind(details) === kind);
    const named = new Set(same.flatMap((details) => leadsNamed(details)));
    if (same.length > 0 && leads.every((id) => named.has(id))) return false;
    await appendAccessRecord(rows, { ...entry, at, details: { ...entry.details, leads: leads.join(',') } });
    return true;
  });
}

interface Row extends Record<string, unknown> {
  seq: number | string;
  at: Date | string;
  actor: AccessActor;
  action: AccessAction;
  member_id: string | null;
  ip: string | null;
  idea_id: string | null;
  details: Record<string, string | number | boolean | null> | string;
  prev_hash: string;
  hash: string;
}

const detailsOf = (details: Row['details']): AccessRecord['details'] =>
  typeof details === 'string' ? JSON.parse(details) : details;

const toRecord = (row: Row): AccessRecord => ({
  seq: Number(row.seq),
  at: new Date(row.at).toISOString(),
  actor: row.actor,
  action: row.action,
  memberId: row.member_id,
  ip: row.ip,
  ideaId: row.idea_id,
  details: detailsOf(row.details),
  prevHash: row.prev_hash,
  hash: row.hash,
});

/**
 * Which records to list: all by default; each filter narrows (they combine with "and"). A lead's filter finds the
 * records about it (`idea_id`) and the lists and exports that showed it (`details.leads`): who viewed it.
 */
export interface AccessRecordFilter {
  ideaId?: string;
  /** The start of a lead's id: its 8-character reference or the full id (lower case). */
  ideaPrefix?: string;
  memberId?: string;
  actor?: AccessActor;
  action?: AccessAction;
  /** At or after this instant. */
  from?: Date;
  /** Before this instant. */
  to?: Date;
}

/**
 * Newest first, `limit` at a time before `beforeSeq` (paging), narrowed by `filter`. Only reads: what a filter leaves
 * out is still in the chain, and `verifyAccessChain` walks all of it.
 */
export async function listAccessRecords(
  database: Database,
  options: { limit: number; beforeSeq?: number } & AccessRecordFilter,
): Promise<AccessRecord[]> {
  const value = <T>(option: T | undefined) => option ?? null;
  const like = options.ideaPrefix === undefined ? null : `${options.ideaPrefix.replace(/[^0-9a-f-]/g, '')}%`;
  // The leads a list or an export named, each between commas, so a reference matches only an id's start.
  const shown = sql`(',' || coalesce(details->>'leads', '') || ',')`;
  const rows = await database.rows<Row>(sql`select * from access_records
    where (${value(options.beforeSeq)}::bigint is null or seq < ${value(options.beforeSeq)}::bigint)
      and (${value(options.ideaId)}::uuid is null or idea_id = ${value(options.ideaId)}::uuid
        or ${shown} like '%,' || ${value(options.ideaId)}::text || ',%')
      and (${like}::text is null or idea_id::text like ${like}::text or ${shown} like '%,' || ${like}::text)
      and (${value(options.memberId)}::uuid is null or member_id = ${value(options.memberId)}::uuid)
      and (${value(options.actor)}::text is null or actor = ${value(options.actor)}::text)
      and (${value(options.action)}::text is null or action = ${value(options.action)}::text)
      and (${value(options.from?.toISOString())}::timestamptz is null
        or at >= ${value(options.from?.toISOString())}::timestamptz)
      and (${value(options.to?.toISOString())}::timestamptz is null
        or at < ${value(options.to?.toISOString())}::timestamptz)
    order by seq desc limit ${options.limit}`);
  return rows.map(toRecord);
}

/** What does not fit: an edited record, a broken link, a cut start or end, or an anchor that is missing or forged. */
export type ChainProblem = 'edited' | 'link' | 'start' | 'end' | 'anchor';

export type ChainCheck =
  | { ok: true; checked: number }
  | {
      ok: false;
      checked: number;
      /** The first record that does not fit (for 'end': the newest kept one; 0 when there is none). */
      brokenAt: number;
      problem: ChainProblem;
      /** The sequence numbers known to be missing, when they can be named. */
      missing?: { from: number; to: number };
    };

/**
 * Walks the chain in order, a page at a time: every record's hash and link, the start (the first record ever, or the
 * successor of the retention job's cut, itself older than `retentionDays`), and the end (the head anchor names the
 * newest record). The first thing that does not fit is the answer.
 */
export async function verifyAccessChain(
  database: Database,
  options: { retentionDays?: number; now?: Date; pageSize?: number } = {},
): Promise<ChainCheck> {
  const pageSize = options.pageSize ?? 5000;
  const now = options.now ?? new Date();
  let checked = 0;
  let previous: AccessRecord | undefined;
  let afterSeq = 0;
  const head = hasRecordKey() ? await readAnchor(database.rows, 'head') : 'forged';
  const cut = hasRecordKey() ? await readAnchor(database.rows, 'cut') : undefined;
  for (;;) {
    const page = (
      await database.rows<Row>(sql`select * from access_records where seq > ${afterSeq} order by seq limit ${pageSize}`)
    ).map(toRecord);
    for (const record of page) {
      if (!previous) {
        const first = record.prevHash === GENESIS_HASH && record.seq === 1;
        const afterCut =
          cut !== undefined &&
          cut !== 'forged' &&
          cut.hash === record.prevHash &&
          cut.seq === record.seq - 1 &&
          (options.retentionDays === undefined ||
            new Date(cut.at).getTime() <= now.getTime() - options.retentionDays * 86_400_000);
        if (!first && !afterCut)
          return {
            ok: false,
            checked,
            brokenAt: record.seq,
            problem: 'start',
            missing: { from: cut && cut !== 'forged' && cut.seq < record.seq ? cut.seq + 1 : 1, to: record.seq - 1 },
          };
      } else if (record.prevHash !== previous.hash) {
        return {
          ok: false,
          checked,
          brokenAt: record.seq,
          problem: 'link',
          ...(record.seq > previous.seq + 1 ? { missing: { from: previous.seq + 1, to: record.seq - 1 } } : {}),
        };
      }
      if (recordHash(record.prevHash, record) !== record.hash)
        return { ok: false, checked, brokenAt: record.seq, problem: 'edited' };
      previous = record;
      afterSeq = record.seq;
      checked += 1;
    }
    if (page.length < pageSize) break;
  }
  if (!previous) {
    // No records: fine for a new database; with a head anchor, every record was cut.
    const allDropped = cut && cut !== 'forged' && head && head !== 'forged' && cut.seq === head.seq;
    if (head && head !== 'forged' && !allDropped)
      return { ok: false, checked, brokenAt: 0, problem: 'end', missing: { from: 1, to: head.seq } };
    return { ok: true, checked };
  }
  if (!head || head === 'forged') return { ok: false, checked, brokenAt: previous.seq, problem: 'anchor' };
  if (head.seq > previous.seq)
    return {
      ok: false,
      checked,
      brokenAt: previous.seq,
      problem: 'end',
      missing: { from: previous.seq + 1, to: head.seq },
    };
  if (head.seq !== previous.seq || head.hash !== previous.hash)
    return { ok: false, checked, brokenAt: previous.seq, problem: 'anchor' };
  return { ok: true, checked };
}

/**
 * Drops records older than `days` (the retention job), from the start of the chain, and anchors the cut: the last
 * dropped record's seq, hash and time (record-anchor.ts), so the check knows the kept chain's start is genuine.
 */
export async function dropOldAccessRecords(database: Database, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  return database.transaction(async (rows) => {
    await rows(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
    // Only a run from the start: a younger record before an older one (clock skew) ends the run.
    const [end] = await rows<{ seq: number | string }>(sql`select seq from access_records
      where at >= ${before}::timestamptz order by seq limit 1`);
    const endSeq = end ? Number(end.seq) : Number.MAX_SAFE_INTEGER;
    const [last] = await rows<{ seq: number | string; hash: string; at: Date | string }>(sql`select seq, hash, at
      from access_records where seq < ${endSeq} order by seq desc limit 1`);
    if (!last) return 0;
    const dropped = await rows(sql`delete from access_records where seq <= ${Number(last.seq)} returning seq`);
    await writeAnchor(rows, {
      kind: 'cut',
      seq: Number(last.seq),
      hash: last.hash,
      at: new Date(last.at).toISOString(),
    });
    return dropped.length;
  });
}
