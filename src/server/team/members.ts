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

/**
 * An invite for an address that is already a member, with another role: an invite adds a passkey and never changes
 * a role (`changeRole` does), so it is refused rather than said to make an owner.
 */
export class InviteRoleError extends Error {
  constructor(readonly currentRole: Role) {
    super('the address is already a member with another role');
    this.name = 'InviteRoleError';
  }
}

/**
 * Stores a new invite for `email`; the address's earlier unused invites are revoked with it (a re-issued link
 * replaces the old one, which stops working). An address that is a member with another role: InviteRoleError.
 */
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
    const [member] = await rows<{ role: Role }>(
      sql`select role from team_members where email = ${email} and removed_at is null`,
    );
    if (member && member.role !== invite.role) throw new InviteRoleError(member.role);
    const replaced = await rows(
      sql`delete from team_invites where email = ${email} and used_at is null returning token_hash`,
    );
    if (replaced.length > 0)
      await appendAccessRecord(rows, {
        ...by,
        action: 'invite_revoked',
        details: { invites: replaced.length, reason: 'replaced' },
        at: now,
      });
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
  may_export_erase: boolean;
}

/** The members who are not removed, owners first, then by when they joined. */
export async function listMembers(database: Database): Promise<Member[]> {
  const rows = await database.rows<MemberRow>(sql`
    select m.id, m.email, m.role, m.created_at, m.may_export_erase,
      (select count(*) from passkeys p where p.member_id = m.id) as passkeys,
      -- A passkey's last use is a sign-in; the enrollment signs in too (its session, before any passkey use).
      greatest((select max(p.last_used_at) from passkeys p where p.member_id = m.id),
        (select max(s.created_at) from team_sessions s where s.member_id = m.id)) as last_sign_in_at
    from team_members m where m.removed_at is null
    order by m.role = 'owner' desc, m.created_at, m.email`);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    passkeys: Number(row.passkeys),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    mayExportErase: row.role === 'owner' || Boolean(row.may_export_erase),
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
    // Its devices are told nothing more (decision 130); their queued notifications go with them.
    await rows(sql`delete from push_subscriptions where member_id = ${memberId}::uuid`);
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

/** A pending invite as owners see it: `id` names it (the first 16 hex digits of its token's hash), never the link. */
export interface PendingInvite {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Invites not used and not expired, newest first. */
export async function listInvites(database: Database, now = new Date()): Promise<PendingInvite[]> {
  const rows = await database.rows<{
    token_hash: string;
    email: string;
    role: Role;
    invited_by: string | null;
    created_at: Date | string;
    expires_at: Date | string;
  }>(sql`select i.token_hash, i.email, i.role, m.email as invited_by, i.created_at, i.expires_at
    from team_invites i left join team_members m on m.id = i.invited_by
    where i.used_at is null and i.expires_at > ${now.toISOString()}::timestamptz
    order by i.created_at desc`);
  return rows.map((row) => ({
    id: row.token_hash.slice(0, 16),
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}

/**
 * Revokes pending invites, by id (the workspace) or every one for an address (the CLI): deleted, so their links
 * answer invite_invalid, with an `invite_revoked` record. Returns how many went.
 */
export async function revokeInvites(
  database: Database,
  which: { id: string } | { email: string },
  by: Actor,
): Promise<number> {
  return database.transaction(async (rows) => {
    const revoked =
      'id' in which
        ? /^[0-9a-f]{16}$/.test(which.id)
          ? await rows(sql`delete from team_invites
              where used_at is null and left(token_hash, 16) = ${which.id} returning email`)
          : []
        : await rows(sql`delete from team_invites
            where used_at is null and email = ${which.email.trim().toLowerCase()} returning email`);
    if (revoked.length > 0)
      await appendAccessRecord(rows, { ...by, action: 'invite_revoked', details: { invites: revoked.length } });
    return revoked.length;
  });
}

export type RoleResult = { ok: true; changed: boolean } | { ok: false; reason: 'not_found' | 'last_owner' };

/** Gives a member another role, recorded; the last owner stays an owner. Takes effect at the member's next request. */
export async function changeRole(database: Database, memberId: string, role: Role, by: Actor): Promise<RoleResult> {
  return database.transaction(async (rows): Promise<RoleResult> => {
    await rows(sql`select id from team_members where role = 'owner' and removed_at is null for update`);
    const [member] = await rows<{ role: Role }>(
      sql`select role from team_members where id = ${memberId}::uuid and removed_at is null for update`,
    );
    if (!member) return { ok: false, reason: 'not_found' };
    if (member.role === role) return { ok: true, changed: false };
    if (member.role === 'owner') {
      const [owners] = await rows<{ n: number | string }>(
        sql`select count(*) as n from team_members where role = 'owner' and removed_at is null`,
      );
      if (Number(owners?.n) <= 1) return { ok: false, reason: 'last_owner' };
    }
    await rows(sql`update team_members set role = ${role} where id = ${memberId}::uuid`);
    await appendAccessRecord(rows, {
      ...by,
      action: 'role_changed',
      details: { changedMemberId: memberId, from: member.role, to: role },
    });
    return { ok: true, changed: true };
  });
}

/**
 * Lets a member (not an owner) export every lead and erase leads, or takes it back (decision 083), recorded.
 * Owners may always; false when there is no such member.
 */
export async function setExportEraseGrant(
  database: Database,
  memberId: string,
  granted: boolean,
  by: Actor,
): Promise<boolean> {
  return database.transaction(async (rows) => {
    const changed = await rows(sql`update team_members set may_export_erase = ${granted}
      where id = ${memberId}::uuid and removed_at is null returning id`);
    if (changed.length === 0) return false;
    await appendAccessRecord(rows, {
      ...by,
      action: 'grant_changed',
      details: { changedMemberId: memberId, exportErase: granted },
    });
    return true;
  });
}
