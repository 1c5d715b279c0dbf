/**
 * GET /healthz for load balancers and monitoring. 503 `unavailable` when the instance cannot take ideas: the
 * database does not answer, or the storage refuses writes (`storage`: 'full', 'read-only', 'not-writable';
 * decision 077). Otherwise 200 with `ok`, or `degraded` when a check says the service works but the team should act
 * (mail: an idea overdue past ALERT_UNSENT_MINUTES, or a mail failed for good; decision 074; `push` and `kakao`:
 * a notification or 알림톡 waiting that long, http/outbox-health.ts). Monitoring alerts on
 * `degraded`; a load balancer keeps sending visitors (the ideas are stored). Each check adds its own field to the
 * body: add a check to `checks` to extend it.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { HealthCheck } from '../http/health-check';
import type { StorageHealth } from '../storage/storage-health';

export type { HealthCheck, HealthCheckResult } from '../http/health-check';

export interface HealthzOptions {
  database: Database;
  storage: StorageHealth;
  checks?: HealthCheck[];
}

export async function healthzRoute(app: FastifyInstance, options: HealthzOptions): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const storage = options.storage.check();
    const ok = (await options.database.ping()) && storage === 'ok';
    if (!ok) return reply.code(503).send({ status: 'unavailable', database: options.database.kind, storage });
    const body: Record<string, unknown> = { status: 'ok', database: options.database.kind, storage };
    let degraded = false;
    for (const { name, check } of options.checks ?? []) {
      try {
        const result = await check();
        body[name] = result;
        degraded ||= result.degraded;
      } catch {
        body[name] = { degraded: true, error: 'check failed' };
        degraded = true;
      }
    }
    if (degraded) body.status = 'degraded';
    return reply.code(200).send(body);
  });
}
