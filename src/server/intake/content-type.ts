/**
 * What the intake accepts: JSON from the page's script, multipart from the page's script when a voice memo comes
 * along, and the browser's own form post (urlencoded) from a page without it (decision 063). Anything else is
 * refused with 415 before the body is read. The other guards ask
 * `isFormPost` where the two differ: the API key and the fill-time token need the page's script; the form post
 * is checked for its Origin instead.
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

/**
 * A form post must come from a page of this site: when the browser names the page's origin (it does on every
 * POST it sends from a page), its host must be this server's own (the Host the request came with; the scheme is
 * left aside, since a TLS proxy in front makes the two differ) or the origin one of ALLOWED_ORIGINS. Another site's
 * form pointed here is refused with 403 (a cross-site form post needs no CORS, so CORS alone would not stop it).
 */
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

export function formOriginGuard(allowedOrigins: readonly string[]): onRequestAsyncHookHandler {
  return async (request) => {
    if (!isFormPost(request)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (hostOf(origin) !== withoutDefaultPort(request.host) && !allowedOrigins.includes(origin)) throw new ApiError(403, 'forbidden_origin');
  };
}
