/**
 * GET /healthz: 200 when the database answers and the storage takes writes, 503 otherwise (load balancers and
 * Playwright poll it). `storage` names what is wrong with it: 'full', 'read-only', 'not-writable' (decision 077).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { StorageHealth } from '../storage/storage-health';

export async function healthzRoute(app: FastifyInstance, options: { database: Database; storage: StorageHealth }): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const storage = options.storage.check();
    const ok = (await options.database.ping()) && storage === 'ok';
    reply.header('cache-control', 'no-store');
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: options.database.kind, storage });
  });
}
