/**
 * Access records, append-only and hash-chained (schema: access_records).
 * Each record's hash is the SHA-256 of the previous record's hash and this record's own fields, so editing a record,
 * removing one from the middle or inserting one breaks the chain, and `verifyAccessChain` names the first record
 * that no longer fits. Appends take a transaction-scoped advisory lock, so two instances on one PostgreSQL append
 * one after the other (the unique index on prev_hash would refuse a fork anyway). Records older than the retention
 * period are dropped from the start of the chain; verification trusts the first kept record's prev_hash.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AccessAction, AccessActor } from '../../domain/access-actions';
import type { Database, RowsFn } from '../db/client';

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
  const [last] = await rows<{ hash: string }>(sql`select hash from access_records order by seq desc limit 1`);
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
  await rows(sql`insert into access_records (at, actor, action, member_id, ip, idea_id, details, prev_hash, hash)
    values (${record.at}::timestamptz, ${record.actor}, ${record.action}, ${record.memberId}::uuid, ${record.ip},
      ${record.ideaId}::uuid, ${JSON.stringify(record.details)}::jsonb, ${prevHash}, ${hash})`);
}

/** Appends one record in a transaction of its own. */
export const recordAccess = (database: Database, entry: AccessEntry) =>
  database.transaction((rows) => appendAccessRecord(rows, entry));

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

const toRecord = (row: Row): AccessRecord => ({
  seq: Number(row.seq),
  at: new Date(row.at).toISOString(),
  actor: row.actor,
  action: row.action,
  memberId: row.member_id,
  ip: row.ip,
  ideaId: row.idea_id,
  details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
  prevHash: row.prev_hash,
  hash: row.hash,
});

/** Newest first, `limit` at a time before `beforeSeq` (paging), optionally of one lead. */
export async function listAccessRecords(
  database: Database,
  options: { limit: number; beforeSeq?: number; ideaId?: string },
): Promise<AccessRecord[]> {
  const rows = await database.rows<Row>(sql`select * from access_records
    where (${options.beforeSeq ?? null}::bigint is null or seq < ${options.beforeSeq ?? null}::bigint)
      and (${options.ideaId ?? null}::uuid is null or idea_id = ${options.ideaId ?? null}::uuid)
    order by seq desc limit ${options.limit}`);
  return rows.map(toRecord);
}

export type ChainCheck = { ok: true; checked: number } | { ok: false; checked: number; brokenAt: number };

/** Walks the chain in order, a page at a time; the first record whose hash or link does not fit breaks it. */
export async function verifyAccessChain(database: Database, pageSize = 5000): Promise<ChainCheck> {
  let checked = 0;
  let previous: string | undefined;
  let afterSeq = 0;
  for (;;) {
    const page = (
      await database.rows<Row>(sql`select * from access_records where seq > ${afterSeq} order by seq limit ${pageSize}`)
    ).map(toRecord);
    for (const record of page) {
      if (
        (previous !== undefined && record.prevHash !== previous) ||
        recordHash(record.prevHash, record) !== record.hash
      )
        return { ok: false, checked, brokenAt: record.seq };
      previous = record.hash;
      afterSeq = record.seq;
      checked += 1;
    }
    if (page.length < pageSize) return { ok: true, checked };
  }
}

/** Drops records older than `days` (the retention job); the chain goes on from the first kept record. */
export async function dropOldAccessRecords(database: Database, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  return (await database.rows(sql`delete from access_records where at < ${before}::timestamptz returning seq`)).length;
}
