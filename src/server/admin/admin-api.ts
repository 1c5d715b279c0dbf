/**
 * The loopback admin API the team CLI uses while the server holds a PGlite data dir (PGlite allows one process
 * per directory). It listens on 127.0.0.1 only, on its own port (never behind the public proxy, where every
 * request would look local), and requires a random bearer token written to DATA_DIR/admin.json (mode 0600).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import {
  allIdeas,
  closeIdea,
  deleteIdea,
  findIdea,
  findVoiceMemo,
  listIdeas,
  releaseIdea,
  retryIdea,
} from '../ideas/team-ideas';
import { sameSecret } from '../security/same-secret';
import { verifyAccessChain } from '../team/access-records';
import { membersByEmail } from '../team/members-by-email';
import { adminFile, type AdminEndpoint } from './admin-endpoint';

export interface AdminApiOptions {
  database: Database;
  token: string;
  /** Where the .eml fallback writes mail: erasure removes an idea's files there. */
  dataDir: string;
  /** Called when a mail was queued (wakes the worker). */
  onQueued?: () => void;
}

export function buildAdminApi(options: AdminApiOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!sameSecret(String(request.headers.authorization ?? ''), `Bearer ${options.token}`))
      return reply.code(401).send({ error: 'unauthorized' });
  });
  app.get<{ Querystring: { limit?: string; spam?: string } }>('/ideas', async (request) =>
    listIdeas(options.database, Math.min(1000, Math.max(1, Number(request.query.limit ?? 50) || 50)), {
      spam: request.query.spam === '1',
    }),
  );
  app.get('/ideas/export', async () => allIdeas(options.database));
  app.get<{ Params: { id: string } }>('/ideas/:id', async (request, reply) => {
    const idea = await findIdea(options.database, request.params.id);
    return idea ?? reply.code(404).send({ error: 'not_found' });
  });
  app.get<{ Params: { id: string } }>('/ideas/:id/memo', async (request, reply) => {
    const memo = await findVoiceMemo(options.database, request.params.id);
    return memo ? reply.type(memo.mimeType).send(memo.bytes) : reply.code(404).send({ error: 'not_found' });
  });
  app.post<{ Params: { id: string }; Querystring: { force?: string } }>('/ideas/:id/retry', async (request, reply) => {
    const result = await retryIdea(options.database, request.params.id, { force: request.query.force === '1' });
    if (result.ok) options.onQueued?.();
    return reply.code(result.ok ? 200 : result.reason === 'not_found' ? 404 : 409).send(result);
  });
  app.post<{ Params: { id: string } }>('/ideas/:id/release', async (request, reply) => {
    const result = await releaseIdea(options.database, request.params.id);
    if (result.ok) options.onQueued?.();
    return reply.code(result.ok ? 200 : result.reason === 'not_found' ? 404 : 409).send(result);
  });
  app.post<{ Params: { id: string } }>('/ideas/:id/close', async (request, reply) => {
    const idea = await closeIdea(options.database, request.params.id);
    return idea ?? reply.code(404).send({ error: 'not_found' });
  });
  app.delete<{ Params: { id: string } }>('/ideas/:id', async (request, reply) => {
    const erased = await deleteIdea(options.database, request.params.id, options.dataDir);
    return erased ?? reply.code(404).send({ error: 'not_found' });
  });
  // The team's members (`npm run team`): the same functions as the CLI on the database (team/members-by-email.ts).
  const members = membersByEmail(options.database);
  app.get('/team/members', async () => members.members());
  app.post<{ Body: { email: string; role: 'owner' | 'member' } }>('/team/invites', async (request, reply) => {
    const invite = await members.invite(request.body.email, request.body.role);
    if ('currentRole' in invite) return reply.code(409).send(invite);
    return { ...invite, expiresAt: invite.expiresAt.toISOString() };
  });
  app.get('/team/invites', async () => members.invites());
  app.delete<{ Params: { email: string } }>('/team/invites/:email', async (request) => ({
    revoked: await members.revoke(request.params.email),
  }));
  app.post<{ Params: { email: string }; Body: { role: 'owner' | 'member' } }>(
    '/team/members/:email/role',
    async (request, reply) => {
      const result = await members.setRole(request.params.email, request.body.role);
      return reply.code(!result.ok && result.reason === 'not_found' ? 404 : 200).send(result);
    },
  );
  app.post<{ Params: { email: string }; Body: { exportErase: boolean } }>(
    '/team/members/:email/grant',
    async (request, reply) => {
      const ok = await members.setGrant(request.params.email, request.body.exportErase);
      return reply.code(ok ? 200 : 404).send({ ok });
    },
  );
  app.delete<{ Params: { email: string } }>('/team/members/:email', async (request, reply) => {
    const result = await members.remove(request.params.email);
    return reply.code(!result.ok && result.reason === 'not_found' ? 404 : 200).send(result);
  });
  app.get('/team/access-chain', async () => verifyAccessChain(options.database));
  return app;
}

/** Starts the admin API on an ephemeral loopback port and publishes how to reach it in DATA_DIR/admin.json. */
export async function startAdminApi(options: Omit<AdminApiOptions, 'token'>): Promise<FastifyInstance> {
  const token = crypto.randomBytes(32).toString('base64url');
  const app = buildAdminApi({ ...options, token });
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
