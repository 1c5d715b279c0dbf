/** Content-type guard: the intake accepts JSON only and says so with 415 before reading the body. */
import type { onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/api-error';

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

export const jsonOnlyGuard: onRequestAsyncHookHandler = async (request) => {
  if (!isJsonContentType(request.headers['content-type'])) throw new ApiError(415, 'unsupported_media_type');
};
