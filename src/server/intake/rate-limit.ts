/**
 * The intake's rate limit: per client IP (RATE_LIMIT_PER_IP per RATE_LIMIT_WINDOW_MS, defaults in config.ts),
 * counted in the database so every instance shares it. @fastify/rate-limit does key generation (TRUST_PROXY-aware `request.ip`) and the window maths;
 * `DatabaseRateLimitStore` keeps fixed-window counters in the `rate_limits` table; concurrent hits share one upsert.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * @fastify/rate-limit store: fixed windows in the `rate_limits` table, concurrent hits grouped into one upsert.
 * A key already over its limit is answered from memory until its window ends, so a client that keeps hammering
 * after its 429 costs no database write at all.
 */
export function databaseRateLimitStore(database: Database) {
  const batcher = new Batcher<Hit, { current: number; ttl: number }>((hits) => countHits(database, hits));
  const exceeded = new Map<string, { current: number; resetAt: number }>();
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number, max?: number): void {
      const now = Date.now();
      const known = exceeded.get(key);
      if (known && known.resetAt > now) {
        known.current += 1;
        callback(null, { current: known.current, ttl: known.resetAt - now });
        return;
      }
      if (known) exceeded.delete(key);
      batcher
        .add({ key, windowMs: timeWindow })
        .then((result) => {
          if (max !== undefined && result.current > max) {
            if (exceeded.size > 100_000) exceeded.clear();
            exceeded.set(key, { current: result.current, resetAt: now + result.ttl });
          }
          callback(null, result);
        })
        .catch((error: Error) => callback(error));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export interface IntakeRateLimitOptions {
  perIp: number;
  windowMs: number;
}

export type IntakeRateLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Registers @fastify/rate-limit over the database and returns the intake's per-client check. There is no global
 * refusal: a flood from many addresses must not close the door on a genuine visitor (what is global protects the
 * team's inbox instead, see the digest in jobs/digest-mail.ts). The route calls it after the body was validated,
 * so malformed junk is refused without a database write and never counts against anyone.
 */
export async function intakeRateLimit(
  app: FastifyInstance,
  database: Database,
  options: IntakeRateLimitOptions,
): Promise<IntakeRateLimit> {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database), skipOnError: false });
  const perIp = app.createRateLimit({ max: options.perIp, timeWindow: options.windowMs });
  return async (request, reply) => {
    const result = await perIp(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      request.log.info({ limit: 'ip' }, 'rate limited');
      throw new ApiError(429, 'rate_limited');
    }
  };
}
