/**
 * Rate limits for the intake: per client IP (default 5 per 10 minutes) and a global ceiling over all clients,
 * both counted in the database so every instance shares them. @fastify/rate-limit does key generation (IPv6
 * subnets, TRUST_PROXY-aware `request.ip`) and the window maths; `DatabaseRateLimitStore` keeps fixed-window
 * counters in the `rate_limits` table; concurrent hits (both limits of a request, and other requests arriving
 * meanwhile) share one upsert. Both counters count every request, also one that ends up refused.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { Batcher } from '../db/batcher';
import type { Database } from '../db/client';
import { ApiError } from '../http/api-error';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Hit {
  key: string;
  windowMs: number;
}

/**
 * Counts a batch of hits in one upsert (keys aggregated, so a key hit n times in the batch adds n) and gives each
 * hit its own running count, as if they had been counted one by one.
 */
export async function countHits(database: Database, hits: Hit[]): Promise<{ current: number; ttl: number }[]> {
  const totals = new Map<string, Hit & { n: number }>();
  for (const hit of hits) {
    const total = totals.get(hit.key);
    if (total) total.n += 1;
    else totals.set(hit.key, { ...hit, n: 1 });
  }
  const values = sql.join(
    [...totals.values()].map(
      (total) => sql`(${total.key}::text, ${total.n}::int, now() + ${total.windowMs}::int * interval '1 millisecond')`,
    ),
    sql`, `,
  );
  const rows = await database.rows<{ key: string; count: number; ttl: number }>(sql`
    insert into rate_limits as r (key, count, reset_at) values ${values}
    on conflict (key) do update set
      count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning key, count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  const after = new Map(rows.map((row) => [row.key, { count: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }]));
  const seen = new Map<string, number>();
  return hits.map((hit) => {
    const index = (seen.get(hit.key) ?? 0) + 1;
    seen.set(hit.key, index);
    const final = after.get(hit.key) ?? { count: index, ttl: hit.windowMs };
    return { current: final.count - totals.get(hit.key)!.n + index, ttl: final.ttl };
  });
}

/** @fastify/rate-limit store: fixed windows in the `rate_limits` table, concurrent hits grouped into one upsert. */
export function databaseRateLimitStore(database: Database) {
  const batcher = new Batcher<Hit, { current: number; ttl: number }>((hits) => countHits(database, hits));
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number, _max?: number): void {
      batcher
        .add({ key, windowMs: timeWindow })
        .then((result) => callback(null, result))
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
    // Both counters go into the same grouped upsert: one round trip for the two limits.
    const results = await Promise.all([perIp(request), overall(request)]);
    for (const result of results) {
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        request.log.info({ limit: result.key === 'global:intake' ? 'global' : 'ip' }, 'rate limited');
        throw new ApiError(429, 'rate_limited');
      }
    }
  };
}
