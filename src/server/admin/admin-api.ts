/**
 * The loopback admin API the team CLI uses while the server holds a PGlite data dir (PGlite allows one process
 * per directory). It listens on 127.0.0.1 only, on its own port (never behind the public proxy, where every
 * request would look local), and requires a random bearer token written to DATA_DIR/admin.json (mode 0600).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { allIdeas, findIdea, listIdeas, retryIdea } from '../ideas/team-ideas';

export interface AdminEndpoint {
  pid: number;
  port: number;
  token: string;
}

export const adminFile = (dataDir: string) => path.join(dataDir, 'admin.json');

export function buildAdminApi(options: { database: Database; token: string; onRetry?: () => void }): FastifyInstance {
  const app = Fastify({ logger: false });
  const expected = crypto.createHash('sha256').update(`Bearer ${options.token}`).digest();
  app.addHook('onRequest', async (request, reply) => {
    const given = crypto.createHash('sha256').update(String(request.headers.authorization ?? '')).digest();
    if (!crypto.timingSafeEqual(given, expected)) return reply.code(401).send({ error: 'unauthorized' });
  });
  app.get<{ Querystring: { limit?: string } }>('/ideas', async (request) =>
    listIdeas(options.database, Math.min(1000, Math.max(1, Number(request.query.limit ?? 50) || 50))),
  );
  app.get('/ideas/export', async () => allIdeas(options.database));
  app.get<{ Params: { id: string } }>('/ideas/:id', async (request, reply) => {
    const idea = await findIdea(options.database, request.params.id);
    return idea ?? reply.code(404).send({ error: 'not_found' });
  });
  app.post<{ Params: { id: string }; Querystring: { force?: string } }>('/ideas/:id/retry', async (request, reply) => {
    const result = await retryIdea(options.database, request.params.id, { force: request.query.force === '1' });
    if (result.ok) options.onRetry?.();
    return reply.code(result.ok ? 200 : result.reason === 'not_found' ? 404 : 409).send(result);
  });
  return app;
}

/** Starts the admin API on an ephemeral loopback port and publishes how to reach it in DATA_DIR/admin.json. */
export async function startAdminApi(options: { database: Database; dataDir: string; onRetry?: () => void }): Promise<FastifyInstance> {
  const token = crypto.randomBytes(32).toString('base64url');
  const app = buildAdminApi({ database: options.database, token, onRetry: options.onRetry });
  const file = adminFile(options.dataDir);
  app.addHook('onClose', async () => {
    fs.rmSync(file, { force: true });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint: AdminEndpoint = { pid: process.pid, port, token };
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(endpoint), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return app;
}
