/** The database store behind @fastify/rate-limit: fixed windows per key, shared by whoever uses the database. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ApiError, sendApiError } from '../http/api-error';
import { testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { sql } from 'drizzle-orm';
import { databaseRateLimitStore, intakeRateLimit } from './rate-limit';

let store: TestDatabase;
let database: Database;

beforeAll(async () => {
  store = await testDatabase('pglite');
  database = await store.open();
});

afterAll(async () => {
  await database.close();
  store.cleanup();
});

function incr(
  key: string,
  windowMs: number,
  instance = new (databaseRateLimitStore(database))(),
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    instance.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 5),
  );
}

describe('database rate-limit store', () => {
  it('counts hits in a window and reports the time left', async () => {
    expect(await incr('k1', 60_000)).toMatchObject({ current: 1 });
    const second = await incr('k1', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr('k2', 60_000)).current).toBe(1);
  });

  it('starts a new window once the old one has passed', async () => {
    // A window long enough that two calls share it however busy the machine is; then wait out what it says is left.
    await incr('short', 2000);
    const second = await incr('short', 2000);
    expect(second.current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, second.ttl + 50));
    expect((await incr('short', 2000)).current).toBe(1);
  });
});

describe('a client over its limit', () => {
  it('is answered from memory until its window ends: no database write per further request', async () => {
    const instance = new (databaseRateLimitStore(database))();
    for (let i = 1; i <= 6; i += 1) expect((await incr('flood', 60_000, instance)).current).toBe(i);
    const counted = async () =>
      (await database.rows<{ count: number }>(sql`select count from rate_limits where key = 'flood'`))[0]!.count;
    expect(await counted()).toBe(6);
    for (let i = 7; i <= 50; i += 1) expect((await incr('flood', 60_000, instance)).current).toBe(i);
    expect(await counted()).toBe(6);
  });
});

describe('intake rate limit', () => {
  it('lets the per-IP limit through, then answers 429 with Retry-After', async () => {
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      error instanceof ApiError ? sendApiError(reply, error) : reply.code(500).send(error),
    );
    const limit = await intakeRateLimit(app, database, { perIp: 2, windowMs: 30_000 });
    app.get('/', async (request, reply) => {
      await limit(request, reply);
      return 'ok';
    });
    const hit = () => app.inject({ url: '/', remoteAddress: '192.0.2.44' });
    expect((await hit()).statusCode).toBe(200);
    expect((await hit()).statusCode).toBe(200);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(limited.json().error.code).toBe('rate_limited');
    // One client's limit is its own: everyone else still gets in.
    expect((await app.inject({ url: '/', remoteAddress: '192.0.2.45' })).statusCode).toBe(200);
    await app.close();
  });
});
