/**
 * The workspace API under TEAM_API_PATH, one encapsulated scope whose hooks every route and the scope's own 404
 * pass through, in this order:
 * 1. Answers are `no-store` and `noindex`: they carry personal data.
 * 2. A request that changes something (any method but GET/HEAD) must name this site as its Origin: the host it
 *    came to, or 403. Unlike the intake, no Origin at all is refused too (every browser sends one on such a request,
 *    and nothing but the workspace page has business here), and ALLOWED_ORIGINS does not apply.
 * 3. Without a live session (team/sessions.ts) the answer is 401 with no data, whatever the path or method —
 *    except the routes marked `config: { public: true }` (the sign-in and invite ceremonies).
 * The signed-in member is `request.member`. Route modules register inside the scope (the list at the end).
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { eventStreamRoute } from './event-stream-route';
import type { MailTransport } from '../mail/transport';
import { authRoutes } from './auth-routes';
import { leadsRoutes } from './leads-routes';
import { memberRoutes } from './member-routes';
import { findSession, type SessionMember } from './sessions';
import { sessionToken } from './session-cookie';
import { sendTeamError, TeamApiError } from './team-api-error';
import { requestHoldsUnstorableText } from './text-guard';
import { unreadRoutes } from './unread-routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in team member (set by the workspace scope; undefined only on its public routes). */
    member?: SessionMember;
  }
  interface FastifyContextConfig {
    /** A workspace route reachable without a session (sign-in, invite acceptance). */
    public?: boolean;
  }
}

export interface TeamApiOptions {
  config: Config;
  database: Database;
  /** Sends the invites owners make in the workspace (none: the answer says the mail was not sent). */
  mailTransport?: MailTransport;
  /** The live updates' bus (events/): changes are published to it, the event stream reads it. */
  events: EventBus;
  /** Sends stored alerts now (an owner's assignment mail). */
  onAlertStored?: () => void;
  /**
   * The route modules of the features above team/ (the figures, the meeting, the thread): registered in this scope,
   * behind its session and Origin checks, by the app that composes them, so team/ never imports them
   * (ARCHITECTURE.md: the server's folders depend one way).
   */
  features?: ((scope: FastifyInstance) => PromiseLike<unknown>)[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const withoutDefaultPort = (host: string) => host.replace(/:(80|443)$/, '');

/** True when the request's Origin is this site (its host; the scheme is left aside behind a TLS proxy). */
export function fromThisSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  try {
    return withoutDefaultPort(new URL(origin).host) === withoutDefaultPort(request.host);
  } catch {
    return false;
  }
}

async function teamScope(scope: FastifyInstance, options: TeamApiOptions) {
  const { config, database } = options;
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    if (!SAFE_METHODS.has(request.method) && !fromThisSite(request))
      return sendTeamError(reply, 403, 'forbidden_origin');
    if (request.routeOptions.config?.public) return;
    const member = await findSession(database, sessionToken(request), { idleMs: config.team.idleMs });
    if (!member) return sendTeamError(reply, 401, 'unauthorized');
    request.member = member;
  });
  // One text rule for every query, path and body, the public sign-in included (text-guard.ts).
  scope.addHook('preValidation', async (request) => {
    if (requestHoldsUnstorableText(request)) throw new TeamApiError(400, 'invalid_text');
  });
  scope.setNotFoundHandler((_request, reply) => sendTeamError(reply, 404, 'not_found'));
  scope.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (error instanceof TeamApiError) return sendTeamError(reply, error.statusCode, error.code, error.message);
    if (error.validation) return sendTeamError(reply, 400, 'invalid');
    // What Fastify refuses before a route runs (a body too large, a type nobody parses): the client's error, as is.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return sendTeamError(reply, error.statusCode, 'invalid');
    request.log.error({ err: error }, 'workspace request failed');
    return sendTeamError(reply, 500, 'internal');
  });
  // Any other path under the scope is this scope's 404 (after the session check), never the workspace's page.
  const notFound = async () => {
    throw new TeamApiError(404, 'not_found');
  };
  scope.all('/', notFound);
  scope.all('/*', notFound);
  // The workspace's route modules:
  await scope.register(authRoutes, { config, database });
  await scope.register(memberRoutes, { config, database, mailTransport: options.mailTransport });
  await scope.register(leadsRoutes, { config, database, events: options.events, onAlertStored: options.onAlertStored });
  await scope.register(unreadRoutes, { database });
  for (const feature of options.features ?? []) await feature(scope);
  await scope.register(eventStreamRoute, {
    database,
    events: options.events,
    idleMs: config.team.idleMs,
    socketIdleMs: config.http.idleTimeoutMs,
    tokenOf: sessionToken,
  });
}

/** Registers the workspace API at TEAM_API_PATH (and the cookie parser it reads sessions with). */
export const teamApi = fp(async (app: FastifyInstance, options: TeamApiOptions) => {
  await app.register(cookie);
  await app.register(teamScope, { ...options, prefix: TEAM_API_PATH });
});
