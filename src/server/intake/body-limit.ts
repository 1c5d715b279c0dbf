/**
 * Body size guard: 64 KB holds the largest valid idea in either encoding the intake takes: 5,000 characters of
 * Korean are ≈ 15 KB of JSON, but ≈ 45 KB urlencoded by the browser's own form post (each syllable is `%EA%B0%80`).
 * A declared Content-Length above it is refused with 413 before any byte is read; chunked bodies are cut off at
 * the same limit by Fastify's route `bodyLimit`, which the error handler maps to the same 413 answer.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/api-error';

export const INTAKE_BODY_LIMIT = 64 * 1024;

export const bodyLimitGuard: onRequestAsyncHookHandler = async (request) => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > INTAKE_BODY_LIMIT) throw new ApiError(413, 'payload_too_large');
};
