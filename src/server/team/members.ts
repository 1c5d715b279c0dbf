/**
 * The team's members and their invites, for the workspace (member-routes.ts) and the CLI (`npm run team`), on the
 * same functions. An invite is a one-time token (only its SHA-256 is stored) that expires after INVITE_TTL_MS;
 * removing a member keeps the row (access records name it) and ends its sessions; the last owner stays.
 */
import { sql } from 'drizzle-orm';
import { INVITE_TTL_MS, type Member, type Role } from '../../domain/team-auth-api';
import type { AccessActor } from '../../domain/access-actions';
import type { Database } from '../db/client';
import { appendAccessRecord } from './access-records';
import { endSessionsOf, hashToken, newToken } from './sessions';

/** Who does it: a member in the workspace (with the address it came from) or the CLI. */
export interface Actor {
  actor: Extract<AccessActor, 'member' | 'cli'>;
  memberId?: string | null;
  ip?: string | null;
}

export interface CreatedInvite {
  /** The link's secret: shown or mailed once, never stored. */
  token: string;
  email: string;
  role: Role;
  expiresAt: Date;
}

/** Stores a new invite for `email` (an earlier unused one for the same address stays valid until it expires). */
export async function createInvite(
  database: Database,
  invite: { email: string; role: Role },
  by: Actor,
  now = new Date(),
): Promise<CreatedInvite> {
  const token = newToken();
  const email = invite.email.trim().toLowerCase();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  await database.transaction(async (rows) => {
    await rows(sql`insert into team_invites (token_hash, email, role, invited_by, created_at, expires_at)
      values (${hashToken(token)}, ${email}, ${invite.role}, ${by.memberId ?? null}::uuid, ${now.toISOString()}::timestamptz,
        ${expiresAt.toISOString()}::timestamptz)`);
    await appendAccessRecord(rows, {
      ...by,
      action: 'invite_created',
      details: { role: invite.role },
      at: now,
    });
  });
  return { token, email, role: invite.role, expiresAt };
}

interface MemberRow extends Record<string, unknown> {
  id: string;
  email: string;
  role: Role;
  created_at: Date | string;
  passkeys: number | string;
  last_sign_in_at: Date | string | null;
}

/** The members who are not removed, owners first, then by when they joined. */
export async function listMembers(database: Database): Promise<Member[]> {
  const rows = await database.rows<MemberRow>(sql`
    select m.id, m.email, m.role, m.created_at,
      (select count(*) from passkeys p where p.member_id = m.id) as passkeys,
      (select max(p.last_used_at) from passkeys p where p.member_id = m.id) as last_sign_in_at
    from team_members m where m.removed_at is null
    order by m.role = 'owner' desc, m.created_at, m.email`);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    passkeys: Number(row.passkeys),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  }));
}

export async function findMemberByEmail(database: Database, email: string): Promise<Member | undefined> {
  return (await listMembers(database)).find((member) => member.email === email.trim().toLowerCase());
}

export type RemoveResult = { ok: true; sessionsEnded: number } | { ok: false; reason: 'not_found' | 'last_owner' };

/**
 * Removes a member: `removed_at` set, its passkeys and unused invites (to it and by it) deleted, its sessions ended, a `member_removed` record, in one
 * transaction. The last owner cannot be removed (nobody could invite again but the CLI).
 */
export async function removeMember(database: Database, memberId: string, by: Actor): Promise<RemoveResult> {
  return database.transaction(async (rows): Promise<RemoveResult> => {
    // Owners are counted under a lock, so two owners removing each other at once cannot leave none.
    await rows(sql`select id from team_members where role = 'owner' and removed_at is null for update`);
    const [member] = await rows<{ role: Role }>(
      sql`select role from team_members where id = ${memberId}::uuid and removed_at is null for update`,
    );
    if (!member) return { ok: false, reason: 'not_found' };
    if (member.role === 'owner') {
      const [owners] = await rows<{ n: number | string }>(
        sql`select count(*) as n from team_members where role = 'owner' and removed_at is null`,
      );
      if (Number(owners?.n) <= 1) return { ok: false, reason: 'last_owner' };
    }
    await rows(sql`update team_members set removed_at = now() where id = ${memberId}::uuid`);
    await rows(sql`delete from passkeys where member_id = ${memberId}::uuid`);
    // Its invites still unused (a resend) would bring it back: only an invite made after the removal does. Nor do
    // the invites it sent and nobody used yet outlive it (a leaving owner could plant an account).
    await rows(sql`delete from team_invites where used_at is null
      and (email = (select email from team_members where id = ${memberId}::uuid) or invited_by = ${memberId}::uuid)`);
    const sessionsEnded = await endSessionsOf(rows, memberId);
    await appendAccessRecord(rows, {
      ...by,
      action: 'member_removed',
      details: { removedMemberId: memberId, sessionsEnded },
    });
    return { ok: true, sessionsEnded };
  });
}
