/**
 * The intake's rate limit: per client IP (RATE_LIMIT_PER_IP per RATE_LIMIT_WINDOW_MS, defaults in config.ts),
 * counted in the database so every instance shares it. The intake counts its hits inside its group commit
 * (`store_ideas`, decision 113: the idea's client key `intakeRateKey`); `OverLimit` remembers the clients over
 * their limit so a client that keeps hammering after its 429 is answered from memory, without a database write.
 * `countHits` keeps the same fixed-window counters in the `rate_limits` table for sign-in (team/auth-rate-limit.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ApiError } from '../http/api-error';

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

/** The intake's counter of one client (its address as the server sees it: TRUST_PROXY-aware `request.ip`). */
export const intakeRateKey = (request: FastifyRequest) => `intake:${request.ip}`;

/** At most this many clients over their limit are remembered; beyond it the memory starts again (they count anew). */
const REMEMBERED_MAX = 100_000;

/**
 * The clients known to be over their limit, until their window ends. There is no global refusal: a flood from many
 * addresses must not close the door on a genuine visitor (what is global protects the team's inbox instead, see the
 * digest in jobs/digest-mail.ts), so the limit is per client, and counts only well-formed requests (the route
 * checks after the body was validated, decision 072).
 */
export class OverLimit {
  private readonly until = new Map<string, number>();

  /** Throws the 429 when `key` is known to be over its limit (no database write). */
  check(key: string, request: FastifyRequest, reply: FastifyReply, now = Date.now()): void {
    const resetAt = this.until.get(key);
    if (resetAt === undefined) return;
    if (resetAt <= now) {
      this.until.delete(key);
      return;
    }
    refuse(request, reply, resetAt - now);
  }

  /** A hit the group commit found over its client's limit: remembered until the window ends, and refused. */
  refuse(key: string, rate: { ttlMs: number }, request: FastifyRequest, reply: FastifyReply, now = Date.now()): never {
    if (this.until.size >= REMEMBERED_MAX) this.until.clear();
    this.until.set(key, now + rate.ttlMs);
    refuse(request, reply, rate.ttlMs);
  }
}

function refuse(request: FastifyRequest, reply: FastifyReply, ttlMs: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
  request.log.info({ limit: 'ip' }, 'rate limited');
  throw new ApiError(429, 'rate_limited');
}
