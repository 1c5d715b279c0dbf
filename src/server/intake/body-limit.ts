/**
 * Body size guard: 32 KB is far above the largest valid idea (5,000 characters of Korean ≈ 15 KB of UTF-8).
 * A declared Content-Length above it is refused with 413 before any byte is read; chunked bodies are cut off at
 * the same limit by Fastify's route `bodyLimit`, which the error handler maps to the same 413 answer.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/api-error';

export const INTAKE_BODY_LIMIT = 32 * 1024;

export const bodyLimitGuard: onRequestAsyncHookHandler = async (request) => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > INTAKE_BODY_LIMIT) throw new ApiError(413, 'payload_too_large');
};
