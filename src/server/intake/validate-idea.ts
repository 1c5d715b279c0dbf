/**
 * Schema validation with the form's own zod schema (src/domain/idea.ts). A failure answers 400
 * validation_failed with one Korean message per field, the same text the form shows.
 */
import {
  IDEA_OR_MEMO_REQUIRED,
  ideaRequestSchema,
  required,
  type IdeaField,
  IDEA_FIELD_LABELS,
} from '../../domain/idea';
import type { z } from 'zod';
import { ApiError } from '../http/api-error';

export type IdeaRequestBody = z.output<typeof ideaRequestSchema>;

function isIdeaField(key: unknown): key is IdeaField {
  return typeof key === 'string' && key in IDEA_FIELD_LABELS;
}

/**
 * `memoPossible: false` for the browser's own form post: it cannot record, so a missing idea is asked for as text
 * ("아이디어를 입력해주세요."), not as "text or voice memo".
 */
export function validateIdeaRequest(body: unknown, options: { memoPossible?: boolean } = {}): IdeaRequestBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'invalid_json');
  const parsed = ideaRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Partial<Record<IdeaField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isIdeaField(field) && fields[field] === undefined) fields[field] = issue.message;
  }
  if (options.memoPossible === false && fields.idea === IDEA_OR_MEMO_REQUIRED) fields.idea = required('idea');
  throw new ApiError(400, 'validation_failed', undefined, fields);
}
