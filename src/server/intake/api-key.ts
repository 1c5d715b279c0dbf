/**
 * API key guard. PUBLIC_API_KEY is a public site identifier (like Supabase's anon key), not a secret: it keeps
 * casual scripts pointed at the wrong project out and lets us rotate the page's key. When it is unset, any
 * request passes. Accepted as an `apikey` header or `Authorization: Bearer <key>`.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/api-error';
import { sameSecret } from '../security/same-secret';

export function presentedApiKeys(request: Pick<FastifyRequest, 'headers'>): string[] {
  const keys: string[] = [];
  const header = request.headers.apikey;
  if (typeof header === 'string' && header !== '') keys.push(header.trim());
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(.+)$/i.exec(authorization.trim())?.[1] : undefined;
  if (bearer) keys.push(bearer.trim());
  return keys;
}

export function apiKeyGuard(expected: string | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    if (expected === undefined) return;
    const keys = presentedApiKeys(request);
    if (keys.length === 0 || !keys.some((key) => sameSecret(key, expected))) throw new ApiError(401, 'unauthorized');
  };
}
