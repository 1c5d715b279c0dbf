/**
 * Idempotency-Key handling. The page sends a new UUID per submission attempt and reuses it on retry. The key is
 * stored with a hash of the request body in the same statement that stores the idea (see idea-store.ts); a repeat
 * with the same body replays the first 202, a repeat with a different body is 422 idempotency_conflict.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { idempotencyKeyInvalid } from '../../content/intake-errors';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/** The request's Idempotency-Key, or undefined when none was sent; 400 when it is malformed. */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'invalid_json', idempotencyKeyInvalid);
  }
  return key;
}

/** Stable hash of what was submitted (the parsed JSON body), to tell a true retry from a reused key. */
export function requestHash(body: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

export interface StoredIdempotencyKey {
  requestHash: string;
  ideaId: string;
  receivedAt: Date;
}

/** What to answer when the key was already used: the first idea to replay, or a 422 conflict. */
export function replayFor(stored: StoredIdempotencyKey, hash: string): { ideaId: string; receivedAt: Date } {
  if (stored.requestHash !== hash) throw new ApiError(422, 'idempotency_conflict');
  return { ideaId: stored.ideaId, receivedAt: stored.receivedAt };
}
