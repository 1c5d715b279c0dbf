/** The workspace's session cookie: its name per request, reading, setting and clearing it (decision 081). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../domain/team-paths';

/** The session cookie's name for this request: `__Host-` when it came over TLS (directly or through the proxy). */
export const sessionCookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? SESSION_COOKIE.secure : SESSION_COOKIE.local;

/**
 * The session cookie of this request's name only: behind TLS a plain-named cookie, which a sibling host or a plain
 * http response can set, is no session (else `__Host-` would protect nothing).
 */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Path=/, Secure (and `__Host-`) over TLS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxMs: number) {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: Math.floor(maxMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), { path: '/', secure: request.protocol === 'https' });
}
