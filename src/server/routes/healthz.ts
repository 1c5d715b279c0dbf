/** GET /healthz: 200 when the database answers, 503 otherwise (load balancers and Playwright poll it). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export async function healthzRoute(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const ok = await options.database.ping();
    reply.header('cache-control', 'no-store');
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: options.database.kind });
  });
}
