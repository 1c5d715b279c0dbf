/**
 * What the intake accepts: JSON from the page's script, multipart from the page's script when a voice memo comes
 * along, and the browser's own form post (urlencoded) from a page without it (decision 063). Anything else is
 * refused with 415 before the body is read. The other guards ask
 * `isFormPost` where the two differ: the API key and the fill-time token need the page's script. Every one of them
 * is checked for its Origin (`intakeOriginGuard`).
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/api-error';

export const FORM_POST_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_TYPE = 'multipart/form-data';

const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase();

export function isJsonContentType(header: string | undefined): boolean {
  return mediaTypeOf(header) === 'application/json';
}

/** A form posted by the browser itself, without the page's script. */
export function isFormPost(request: Pick<FastifyRequest, 'headers'>): boolean {
  return mediaTypeOf(request.headers['content-type']) === FORM_POST_TYPE;
}

/** A submission with a voice memo: the page's script sends the fields and the memo file as multipart. */
export function isMultipart(request: Pick<FastifyRequest, 'headers'>): boolean {
  return mediaTypeOf(request.headers['content-type']) === MULTIPART_TYPE;
}

export const intakeContentTypeGuard: onRequestAsyncHookHandler = async (request) => {
  if (!isJsonContentType(request.headers['content-type']) && !isFormPost(request) && !isMultipart(request)) {
    throw new ApiError(415, 'unsupported_media_type');
  }
};

/** Runs `guard` only for requests from the page's script (JSON), not for the browser's own form post. */
export function scriptRequestsOnly(guard: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (this: unknown, request, reply) {
    if (!isFormPost(request)) await guard.call(this as never, request, reply);
  };
}

/** A host without a default port (`mvp24.kr:443` and `mvp24.kr` are the same site). */
const withoutDefaultPort = (host: string) => host.replace(/:(80|443)$/, '');

/** The host of an Origin header, or undefined for `null` and anything else that is not a URL. */
function hostOf(origin: string): string | undefined {
  try {
    return withoutDefaultPort(new URL(origin).host);
  } catch {
    return undefined;
  }
}

/**
 * Every submission must come from a page of this site, whatever its content type (decision 076): when the browser
 * names the page's origin, its host must be this server's own (the Host the request came with; the scheme is left
 * aside, since a TLS proxy in front makes the two differ) or the origin one of ALLOWED_ORIGINS. Otherwise 403,
 * before the body is read. CORS alone would not do: a browser sends a form post, multipart and text/plain to
 * another site without asking first (no preflight), so another site's page could make its visitors submit.
 * - A browser names the origin on every POST it sends from a page (`fetch` even for a same-origin one); `null`
 *   (a sandboxed frame, a `data:` page, a no-referrer form) is no page of ours and is refused.
 * - No Origin at all is allowed, for JSON and multipart as for the form post: it is not a browser acting for
 *   another site (curl, a server-side script, an old browser's form), and such a client could send any Origin it
 *   likes, so requiring one would stop nobody. Those are the rate limits' and the bot check's business.
 */
export function intakeOriginGuard(allowedOrigins: readonly string[]): onRequestAsyncHookHandler {
  return async (request) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (hostOf(origin) !== withoutDefaultPort(request.host) && !allowedOrigins.includes(origin))
      throw new ApiError(403, 'forbidden_origin');
  };
}
