/**
 * Rate limits for the intake: per client IP (default 5 per 10 minutes) and a global ceiling over all clients,
 * both counted in the database so every instance shares them. @fastify/rate-limit does key generation (IPv6
 * subnets, TRUST_PROXY-aware `request.ip`) and the window maths; `DatabaseRateLimitStore` keeps fixed-window
 * counters in the `rate_limits` table with one upsert per check.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { ApiError } from '../http/api-error';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts hits per key in a fixed window that starts at the key's first hit; expired rows restart at 1. */
export function databaseRateLimitStore(database: Database) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number, _max?: number): void {
      database
        .rows<{ count: number; ttl: number }>(
          sql`insert into rate_limits as r (key, count, reset_at)
              values (${key}, 1, now() + ${timeWindow}::int * interval '1 millisecond')
              on conflict (key) do update set
                count = case when r.reset_at <= now() then 1 else r.count + 1 end,
                reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
              returning count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl`,
        )
        .then(([row]) => callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl ?? timeWindow)) }))
        .catch((error: Error) => callback(error));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export interface IntakeRateLimitOptions {
  perIp: number;
  global: number;
  windowMs: number;
}

/** Registers @fastify/rate-limit over the database and returns the intake's guard (per IP, then global). */
export async function intakeRateLimitGuard(
  app: FastifyInstance,
  database: Database,
  options: IntakeRateLimitOptions,
): Promise<onRequestAsyncHookHandler> {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database), skipOnError: false });
  const perIp = app.createRateLimit({ max: options.perIp, timeWindow: options.windowMs });
  const overall = app.createRateLimit({ max: options.global, timeWindow: options.windowMs, keyGenerator: () => 'global:intake' });
  return async (request, reply) => {
    for (const limiter of [perIp, overall]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        request.log.info({ limit: result.key === 'global:intake' ? 'global' : 'ip' }, 'rate limited');
        throw new ApiError(429, 'rate_limited');
      }
    }
  };
}
