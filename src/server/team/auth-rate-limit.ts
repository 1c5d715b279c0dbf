/**
 * What limits sign-in without letting anyone lock the team out (decision 089). A passkey cannot be guessed: each
 * assertion is a signature over a fresh single-use challenge, so a limit per client address protects nothing and
 * only lets one address (an office's NAT, or every client when a proxy stands in front without TRUST_PROXY) block
 * the team. So:
 * - fetching options is not an attempt (the challenges they store are capped in number instead: passkeys.ts);
 * - an invite's ceremony is not limited: its token (32 random bytes) is the secret, and a new hire behind the same
 *   address as an attacker must get in;
 * - a failed sign-in verification is counted per address, per credential and per account (the member the credential
 *   belongs to), in the shared `rate_limits` table (intake/rate-limit.ts `countHits`), so every instance sees it.
 *   Over a limit, a failure answers 429 instead of 400, and an address over its limit is refused before any work for a
 *   credential that is no live passkey. A credential that is a live passkey is always verified, and a valid assertion
 *   always signs its member in: a member holding their passkey can sign in whatever anyone else sends.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { countHits } from '../intake/rate-limit';
import { hashToken } from './sessions';

/** Failed sign-in verifications allowed per window, per address, per credential and per account. */
export const SIGN_IN_FAILURES = { perAddress: 30, perCredential: 10, perAccount: 20, windowMs: 10 * 60_000 } as const;

const addressKey = (request: FastifyRequest) => `team-sign-in-fail:ip:${request.ip}`;

/** True when this address has failed more often than its limit in the current window (nothing is counted). */
export async function addressOverFailureLimit(database: Database, request: FastifyRequest): Promise<boolean> {
  const [row] = await database.rows<{ count: number | string }>(
    sql`select count from rate_limits where key = ${addressKey(request)} and reset_at > now()`,
  );
  return Number(row?.count ?? 0) >= SIGN_IN_FAILURES.perAddress;
}

/** True when `credentialId` is a passkey of a member who is not removed. */
export async function isLivePasskey(database: Database, credentialId: string): Promise<boolean> {
  const [row] = await database.rows(sql`select 1 from passkeys p join team_members m on m.id = p.member_id
    where p.id = ${credentialId} and m.removed_at is null`);
  return Boolean(row);
}

/** Counts one failed verification; true when any of its counts is now over its limit (the answer is then 429). */
export async function countSignInFailure(
  database: Database,
  request: FastifyRequest,
  failure: { credentialId: string; memberId?: string },
): Promise<boolean> {
  const windowMs = SIGN_IN_FAILURES.windowMs;
  const hits = [
    { key: addressKey(request), windowMs, limit: SIGN_IN_FAILURES.perAddress },
    // Hashed: a credential id is up to a kilobyte of the client's choosing.
    {
      key: `team-sign-in-fail:cred:${hashToken(failure.credentialId)}`,
      windowMs,
      limit: SIGN_IN_FAILURES.perCredential,
    },
    ...(failure.memberId
      ? [{ key: `team-sign-in-fail:member:${failure.memberId}`, windowMs, limit: SIGN_IN_FAILURES.perAccount }]
      : []),
  ];
  const counts = await countHits(database, hits);
  return counts.some((count, index) => count.current > hits[index]!.limit);
}
