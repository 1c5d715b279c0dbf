/**
 * The sign-in routes (contract: domain/team-auth-api.ts): invite acceptance and sign-in with a passkey (public; failed
 * sign-ins limited so that nobody can lock a member out: auth-rate-limit.ts), sign-out, and who is signed in. The relying party is the request's own host: rpID its host
 * name, the expected origin `${request.protocol}://${request.host}` — https behind the TLS proxy with TRUST_PROXY
 * (X-Forwarded-Proto), so a passkey made on the site's address works on any instance behind it (decision 081).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { site } from '../../content/site';
import { ceremonyVerifyBody, inviteOptionsBody, TEAM_AUTH_PATHS, type MeAnswer } from '../../domain/team-auth-api';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { recordAccess } from './access-records';
import { addressOverFailureLimit, countSignInFailure, isLivePasskey } from './auth-rate-limit';
import { mayExportErase } from './grants';
import { finishRegistration, finishSignIn, startRegistration, startSignIn, type RelyingParty } from './passkeys';
import { endSession } from './sessions';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie';
import { TeamApiError } from './team-api-error';

/** Ceremony bodies are a few kilobytes. */
const AUTH_BODY_LIMIT = 32 * 1024;
const local = (path: string) => path.slice(TEAM_API_PATH.length);
const publicRoute = { config: { public: true }, bodyLimit: AUTH_BODY_LIMIT } as const;

export function relyingParty(request: FastifyRequest): RelyingParty {
  return { rpID: request.hostname, origin: `${request.protocol}://${request.host}`, name: site.name };
}

function parse<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (!result.success) throw new TeamApiError(400, 'invalid');
  return result.data;
}

export async function authRoutes(scope: FastifyInstance, options: { config: Config; database: Database }) {
  const { config, database } = options;
  const session = (request: FastifyRequest) => ({ ip: request.ip, sessionMaxMs: config.team.sessionMaxMs });

  scope.post(local(TEAM_AUTH_PATHS.inviteOptions), publicRoute, async (request) => {
    const { token } = parse(inviteOptionsBody, request.body);
    const answer = await startRegistration(database, token, relyingParty(request));
    if (!answer) throw new TeamApiError(400, 'invite_invalid');
    return answer;
  });

  scope.post(local(TEAM_AUTH_PATHS.inviteVerify), publicRoute, async (request, reply) => {
    const body = parse(ceremonyVerifyBody, request.body);
    const result = await finishRegistration(database, body, relyingParty(request), session(request));
    if (!result.ok) throw new TeamApiError(400, result.reason);
    setSessionCookie(request, reply, result.sessionToken, config.team.sessionMaxMs);
    return result.member satisfies MeAnswer;
  });

  scope.post(local(TEAM_AUTH_PATHS.signInOptions), publicRoute, async (request) => {
    return startSignIn(database, relyingParty(request));
  });

  scope.post(local(TEAM_AUTH_PATHS.signInVerify), publicRoute, async (request, reply) => {
    const body = parse(ceremonyVerifyBody, request.body);
    const credentialId = body.credential.id;
    // An address past its failures gets no more work for names that are no passkey; a live passkey is always checked.
    if ((await addressOverFailureLimit(database, request)) && !(await isLivePasskey(database, credentialId)))
      throw new TeamApiError(429, 'rate_limited');
    const result = await finishSignIn(database, body, relyingParty(request), session(request));
    if (!result.ok) {
      const over = await countSignInFailure(database, request, { credentialId, memberId: result.memberId });
      if (over) request.log.warn({ memberId: result.memberId ?? null }, 'sign-in failures over the limit');
      throw new TeamApiError(over ? 429 : 400, over ? 'rate_limited' : result.reason);
    }
    setSessionCookie(request, reply, result.sessionToken, config.team.sessionMaxMs);
    return result.member satisfies MeAnswer;
  });

  scope.post(local(TEAM_AUTH_PATHS.signOut), async (request, reply) => {
    const token = sessionToken(request);
    if (token) await endSession(database, token);
    clearSessionCookie(request, reply);
    await recordAccess(database, { actor: 'member', action: 'sign_out', memberId: request.member!.id, ip: request.ip });
    return reply.code(204).send();
  });

  scope.get(local(TEAM_AUTH_PATHS.me), async (request): Promise<MeAnswer> => ({
    ...request.member!,
    idleMs: config.team.idleMs,
    mayExportErase: await mayExportErase(database, request.member!),
  }));
}
