/**
 * Sign-in attempts per client address (TRUST_PROXY-aware `request.ip`), counted in the shared `rate_limits` table
 * (the intake's fixed-window counter, intake/rate-limit.ts) so every instance sees the same count. Per address only:
 * a flood from elsewhere cannot lock a genuine member out.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { countHits } from '../intake/rate-limit';
import { TeamApiError } from './team-api-error';

/** Each ceremony is two requests (options, verify): 15 ceremonies per address in 10 minutes. */
export const SIGN_IN_ATTEMPTS = { perIp: 30, windowMs: 10 * 60_000 } as const;

export async function limitSignInAttempts(database: Database, request: FastifyRequest): Promise<void> {
  const [hit] = await countHits(database, [{ key: `team-sign-in:${request.ip}`, windowMs: SIGN_IN_ATTEMPTS.windowMs }]);
  if (hit && hit.current > SIGN_IN_ATTEMPTS.perIp) throw new TeamApiError(429, 'rate_limited');
}
