/**
 * One text rule for everything the workspace API reads (decision 089): the intake's (domain/idea.ts `storable`).
 * A string anywhere in a request's query, path parameters or JSON body that holds U+0000, another C0 control
 * character (tab and line breaks aside) or a lone UTF-16 surrogate is refused with 400 `invalid_text` and its
 * Korean message before any route reads it: PostgreSQL cannot store U+0000 or a lone surrogate (the database
 * answers with an error, once a 500) and no keyboard types the rest. The public sign-in routes pass through it too.
 */
import type { FastifyRequest } from 'fastify';
import { storable } from '../../domain/idea';

/** Deeper than any body the workspace takes; a deeper one is refused as well. */
const MAX_DEPTH = 16;

/** True when `value` (a string, or strings inside arrays and objects, keys included) breaks the rule. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !storable(value, true);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => holdsUnstorableText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => holdsUnstorableText(key, depth + 1) || holdsUnstorableText(item, depth + 1),
  );
}

/** True when the request's query, path parameters or body break the rule (team-api.ts answers 400 then). */
export const requestHoldsUnstorableText = (request: FastifyRequest): boolean =>
  holdsUnstorableText(request.query) || holdsUnstorableText(request.params) || holdsUnstorableText(request.body);
