/**
 * Error and not-found handlers: API paths answer JSON in the ApiErrorBody shape, everything else the site's
 * 404 page. Nothing ever leaks a stack trace or an internal message.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFormPost } from '../intake/content-type';
import { storageProblem } from '../storage/storage-errors';
import { ApiError, sendApiError } from '../http/api-error';
import { problemPage } from '../http/intake-pages';

export const API_PREFIXES = ['/functions/', '/api/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Maps Fastify's own errors (body parser, limits) to our codes; a write refused by the storage (disk full,
 * read-only, permissions: storage/storage-errors.ts) is 503 unavailable; unknown errors become 500 internal_error.
 */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const { code, statusCode } = error as FastifyError;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? new ApiError(415, 'unsupported_media_type')
        : new ApiError(400, 'invalid_json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_json');
    default:
      break;
  }
  if (storageProblem(error)) return new ApiError(503, 'unavailable');
  if (statusCode === 400 && error instanceof SyntaxError) return new ApiError(400, 'invalid_json');
  if (statusCode === 413) return new ApiError(413, 'payload_too_large');
  if (statusCode === 415) return new ApiError(415, 'unsupported_media_type');
  if (statusCode === 429) return new ApiError(429, 'rate_limited');
  if (statusCode === 404) return new ApiError(404, 'not_found');
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return new ApiError(400, 'invalid_json');
  return new ApiError(500, 'internal_error');
}

export interface NotFoundPage {
  /** The 404 page's HTML, read from SITE_DIR at boot (or a minimal fallback when the site is not built). */
  html(): string;
}

export function registerErrorHandlers(app: FastifyInstance, notFoundPage: NotFoundPage): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    // `err` goes through logger.ts's serializer: a database error's parameters (other visitors' ideas, a memo's
    // bytes) and failing row never reach the log, only its kind, codes and frames (decision 075).
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code }, 'request rejected');
    if (!isApiPath(request.url) && apiError.statusCode === 404) return sendNotFoundPage(reply, notFoundPage);
    // The browser's own form post shows the answer as a page: a Korean page naming what went wrong (decision 063).
    if (isFormPost(request)) {
      const page = problemPage(apiError.message, Object.values(apiError.fields ?? {}));
      return reply
        .code(apiError.statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
    }
    return sendApiError(reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendApiError(reply, new ApiError(404, 'not_found'));
    return sendNotFoundPage(reply, notFoundPage);
  });
}

function sendNotFoundPage(reply: FastifyReply, page: NotFoundPage): FastifyReply {
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html());
}
