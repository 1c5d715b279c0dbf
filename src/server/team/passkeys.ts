/**
 * The two WebAuthn ceremonies (@simplewebauthn/server 14), on the database so any instance may finish what another
 * started:
 * - registration, from an invite: options for the invite's token → the new passkey verified → the member created
 *   (or the invite's existing member given a further passkey), the invite used, a session started, in one
 *   transaction;
 * - sign-in with a discoverable passkey (empty allowCredentials: the browser shows its passkey picker): the
 *   assertion verified against the stored public key and counter → a session.
 * A challenge is consumed (deleted) before the answer is verified, in a statement of its own: whatever happens
 * next, the same challenge never verifies twice, so a replayed answer fails. Challenges live CHALLENGE_TTL_MS.
 */
import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { sql } from 'drizzle-orm';
import { CHALLENGE_TTL_MS, type CeremonyOptionsAnswer, type Role } from '../../domain/team-auth-api';
import type { Database, RowsFn } from '../db/client';
import { appendAccessRecord } from './access-records';
import { createSession, hashToken, type SessionMember } from './sessions';

/** Where a ceremony runs: the relying party is the host the page was loaded from. */
export interface RelyingParty {
  /** The request's host name (no port). */
  rpID: string;
  /** `${protocol}://${host}` of the request (https behind the TLS proxy). */
  origin: string;
  name: string;
}

export type CeremonyFailure = 'invite_invalid' | 'passkey_invalid';
export type CeremonyResult =
  | { ok: true; member: SessionMember; sessionToken: string }
  /** `memberId`: whose passkey the failed answer named (sign-in; counted per account, auth-rate-limit.ts). */
  | { ok: false; reason: CeremonyFailure; memberId?: string };

/**
 * At most this many challenges wait at once: fetching options is not rate limited (auth-rate-limit.ts), so the
 * oldest beyond this are dropped (a flood must outpace this many ceremonies within CHALLENGE_TTL_MS to cost a
 * member a retry).
 */
export const MAX_LIVE_CHALLENGES = 10_000;

const newChallengeId = () => crypto.randomBytes(18).toString('base64url');

async function storeChallenge(
  database: Database,
  challenge: string,
  purpose: 'register' | 'sign_in',
  inviteTokenHash: string | null,
  now: Date,
): Promise<string> {
  const id = newChallengeId();
  await database.rows(sql`insert into webauthn_challenges (id, challenge, purpose, invite_token_hash, expires_at)
    values (${id}, ${challenge}, ${purpose}, ${inviteTokenHash}, ${new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString()}::timestamptz)`);
  // Housekeeping on the way: challenges nobody answered, and the oldest beyond MAX_LIVE_CHALLENGES.
  await database.rows(sql`delete from webauthn_challenges where expires_at < ${now.toISOString()}::timestamptz
    or id in (select id from webauthn_challenges order by expires_at desc offset ${MAX_LIVE_CHALLENGES})`);
  return id;
}

/** Takes the challenge out (single use); undefined when it does not exist, expired or is of another ceremony. */
async function consumeChallenge(
  database: Database,
  id: string,
  purpose: 'register' | 'sign_in',
  now: Date,
): Promise<{ challenge: string; inviteTokenHash: string | null } | undefined> {
  const [row] = await database.rows<{ challenge: string; invite_token_hash: string | null; expires_at: Date | string }>(
    sql`delete from webauthn_challenges where id = ${id} and purpose = ${purpose}
      returning challenge, invite_token_hash, expires_at`,
  );
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  return { challenge: row.challenge, inviteTokenHash: row.invite_token_hash };
}

interface InviteRow extends Record<string, unknown> {
  email: string;
  role: Role;
}

async function liveInvite(rows: RowsFn, tokenHash: string, now: Date, lock = false): Promise<InviteRow | undefined> {
  const [invite] = await rows<InviteRow>(sql`select email, role from team_invites
    where token_hash = ${tokenHash} and used_at is null and expires_at > ${now.toISOString()}::timestamptz
    ${lock ? sql`for update` : sql``}`);
  return invite;
}

/** Registration options for an invite's token, or undefined when the invite is unknown, used or expired. */
export async function startRegistration(
  database: Database,
  token: string,
  rp: RelyingParty,
  now = new Date(),
): Promise<CeremonyOptionsAnswer<PublicKeyCredentialCreationOptionsJSON> | undefined> {
  const tokenHash = hashToken(token);
  const invite = await liveInvite(database.rows, tokenHash, now);
  if (!invite) return undefined;
  const [member] = await database.rows<{ id: string }>(
    sql`select id from team_members where email = ${invite.email} and removed_at is null`,
  );
  const existing = member
    ? await database.rows<{ id: string; transports: string[] | string }>(
        sql`select id, transports from passkeys where member_id = ${member.id}::uuid`,
      )
    : [];
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: invite.email,
    // The user handle: a known member's id, else random bytes (the member is created when the passkey verifies;
    // passkeys are found by credential id, never by this handle).
    userID: member ? Buffer.from(member.id.replaceAll('-', ''), 'hex') : crypto.randomBytes(16),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: parseTransports(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await storeChallenge(database, options.challenge, 'register', tokenHash, now);
  return { challengeId, options };
}

const parseTransports = (value: string[] | string | null | undefined): AuthenticatorTransport[] =>
  (typeof value === 'string' ? (JSON.parse(value) as string[]) : (value ?? [])) as AuthenticatorTransport[];

/** Verifies the new passkey and, in one transaction, enrolls it, uses the invite and starts a session. */
export async function finishRegistration(
  database: Database,
  body: { challengeId: string; credential: unknown },
  rp: RelyingParty,
  context: { ip: string; sessionMaxMs: number },
  now = new Date(),
): Promise<CeremonyResult> {
  const challenge = await consumeChallenge(database, body.challengeId, 'register', now);
  if (!challenge?.inviteTokenHash) return { ok: false, reason: 'invite_invalid' };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: body.credential as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: 'passkey_invalid' };
  }
  if (!verification.verified) return { ok: false, reason: 'passkey_invalid' };
  const { credential } = verification.registrationInfo;
  const inviteTokenHash = challenge.inviteTokenHash;
  return database.transaction(async (rows): Promise<CeremonyResult> => {
    const invite = await liveInvite(rows, inviteTokenHash, now, true);
    if (!invite) return { ok: false, reason: 'invite_invalid' };
    const [taken] = await rows(sql`select 1 from passkeys where id = ${credential.id}`);
    if (taken) return { ok: false, reason: 'passkey_invalid' };
    // A removed member invited again comes back with the invite's role; a new address becomes a new member.
    const [member] = await rows<{ id: string; email: string; role: Role }>(sql`
      insert into team_members (id, email, role) values (${crypto.randomUUID()}::uuid, ${invite.email}, ${invite.role})
      on conflict (email) do update set
        removed_at = null,
        role = case when team_members.removed_at is null then team_members.role else excluded.role end
      returning id, email, role`);
    await rows(sql`insert into passkeys (id, member_id, public_key, counter, transports, created_at)
      values (${credential.id}, ${member!.id}::uuid, decode(${Buffer.from(credential.publicKey).toString('base64')}, 'base64'),
        ${credential.counter}, ${JSON.stringify(credential.transports ?? [])}::jsonb, ${now.toISOString()}::timestamptz)`);
    await rows(
      sql`update team_invites set used_at = ${now.toISOString()}::timestamptz where token_hash = ${inviteTokenHash}`,
    );
    const sessionToken = await createSession(rows, member!.id, { maxMs: context.sessionMaxMs, now });
    const by = { actor: 'member' as const, memberId: member!.id, ip: context.ip, at: now };
    await appendAccessRecord(rows, { ...by, action: 'passkey_registered', details: { role: member!.role } });
    await appendAccessRecord(rows, { ...by, action: 'sign_in' });
    return { ok: true, member: member!, sessionToken };
  });
}

/** Options for signing in with any passkey of this site (the browser's passkey picker). */
export async function startSignIn(
  database: Database,
  rp: RelyingParty,
  now = new Date(),
): Promise<CeremonyOptionsAnswer<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await storeChallenge(database, options.challenge, 'sign_in', null, now);
  return { challengeId, options };
}

interface PasskeyRow extends Record<string, unknown> {
  id: string;
  public_key: string;
  counter: number | string;
  transports: string[] | string;
  member_id: string;
  email: string;
  role: Role;
}

/** Verifies an assertion (challenge, origin, signature, counter) of a member who is not removed → a session. */
export async function finishSignIn(
  database: Database,
  body: { challengeId: string; credential: unknown },
  rp: RelyingParty,
  context: { ip: string; sessionMaxMs: number },
  now = new Date(),
): Promise<CeremonyResult> {
  const challenge = await consumeChallenge(database, body.challengeId, 'sign_in', now);
  if (!challenge) return { ok: false, reason: 'passkey_invalid' };
  const response = body.credential as AuthenticationResponseJSON;
  const [passkey] = await database.rows<PasskeyRow>(sql`
    select p.id, encode(p.public_key, 'base64') as public_key, p.counter, p.transports, p.member_id, m.email, m.role
    from passkeys p join team_members m on m.id = p.member_id
    where p.id = ${response.id} and m.removed_at is null`);
  if (!passkey) return { ok: false, reason: 'passkey_invalid' };
  const counter = Number(passkey.counter);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64')),
        counter,
        transports: parseTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: 'passkey_invalid', memberId: passkey.member_id };
  }
  if (!verification.verified) return { ok: false, reason: 'passkey_invalid', memberId: passkey.member_id };
  const { newCounter } = verification.authenticationInfo;
  return database.transaction(async (rows): Promise<CeremonyResult> => {
    // The counter moves only forward: a cloned authenticator's assertion racing this one loses here.
    const [updated] =
      await rows(sql`update passkeys set counter = ${newCounter}, last_used_at = ${now.toISOString()}::timestamptz
      where id = ${passkey.id} and counter = ${counter} returning id`);
    if (!updated) return { ok: false, reason: 'passkey_invalid', memberId: passkey.member_id };
    const [alive] = await rows(
      sql`select 1 from team_members where id = ${passkey.member_id}::uuid and removed_at is null for update`,
    );
    if (!alive) return { ok: false, reason: 'passkey_invalid', memberId: passkey.member_id };
    const sessionToken = await createSession(rows, passkey.member_id, { maxMs: context.sessionMaxMs, now });
    await appendAccessRecord(rows, {
      actor: 'member',
      action: 'sign_in',
      memberId: passkey.member_id,
      ip: context.ip,
      at: now,
    });
    return { ok: true, member: { id: passkey.member_id, email: passkey.email, role: passkey.role }, sessionToken };
  });
}
