/**
 * Workspace sessions, stored in the database so any number of instances share them. The cookie holds 32 random
 * bytes; the table holds only their SHA-256, so a copy of the database signs nobody in. A session ends after
 * `idleMs` without a request, `maxMs` after sign-in, at logout, and when its member is removed.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, RowsFn } from '../db/client';

export interface SessionMember {
  id: string;
  email: string;
  role: 'owner' | 'member';
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** Starts a session for `memberId`; returns the cookie's value (never stored). */
export async function createSession(
  rows: RowsFn,
  memberId: string,
  options: { maxMs: number; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const token = newToken();
  await rows(sql`insert into team_sessions (id_hash, member_id, created_at, last_seen_at, expires_at)
    values (${hashToken(token)}, ${memberId}::uuid, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
      ${new Date(now.getTime() + options.maxMs).toISOString()}::timestamptz)`);
  return token;
}

/**
 * The member a session cookie belongs to, when the session is alive (not idle past `idleMs`, not past its absolute
 * end, its member not removed); a live session's idle clock restarts. A dead one is deleted.
 */
export async function findSession(
  database: Database,
  token: string | undefined,
  options: { idleMs: number; now?: Date },
): Promise<SessionMember | undefined> {
  if (!token || token.length > 100) return undefined;
  const now = (options.now ?? new Date()).toISOString();
  const idHash = hashToken(token);
  const [member] = await database.rows<{ id: string; email: string; role: 'owner' | 'member' }>(sql`
    update team_sessions s set last_seen_at = ${now}::timestamptz
    from team_members m
    where s.id_hash = ${idHash} and m.id = s.member_id and m.removed_at is null
      and s.expires_at > ${now}::timestamptz
      and s.last_seen_at > ${now}::timestamptz - make_interval(secs => ${options.idleMs / 1000})
    returning m.id, m.email, m.role`);
  if (!member) await database.rows(sql`delete from team_sessions where id_hash = ${idHash}`);
  return member;
}

export async function endSession(database: Database, token: string): Promise<void> {
  await database.rows(sql`delete from team_sessions where id_hash = ${hashToken(token)}`);
}

/** Signs a member out everywhere (removal, a lost phone). */
export async function endSessionsOf(rows: RowsFn, memberId: string): Promise<number> {
  return (await rows(sql`delete from team_sessions where member_id = ${memberId}::uuid returning id_hash`)).length;
}

/** Drops sessions past their absolute end or idle limit (the housekeeping job). */
export async function dropDeadSessions(database: Database, idleMs: number, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const dropped = await database.rows(sql`delete from team_sessions
    where expires_at <= ${at}::timestamptz or last_seen_at <= ${at}::timestamptz - make_interval(secs => ${idleMs / 1000})
    returning id_hash`);
  return dropped.length;
}

/**
 * True while the session of `token` is alive (findSession's rule), without restarting its idle clock: an open event
 * stream asks this at each heartbeat, so a page left open still signs out after TEAM_IDLE_MINUTES.
 */
export async function sessionAlive(
  database: Database,
  token: string | undefined,
  options: { idleMs: number; now?: Date },
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const now = (options.now ?? new Date()).toISOString();
  const [row] = await database.rows(sql`select 1 as alive from team_sessions s join team_members m on m.id = s.member_id
    where s.id_hash = ${hashToken(token)} and m.removed_at is null and s.expires_at > ${now}::timestamptz
      and s.last_seen_at > ${now}::timestamptz - make_interval(secs => ${options.idleMs / 1000})`);
  return Boolean(row);
}
