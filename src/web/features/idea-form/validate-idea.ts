/** Browser-side check of the form values with the shared contract (the same schema the server applies). */
import { ideaFieldsSchema, missingRequiredFields } from '../../../domain/idea';
import type { IdeaValues } from './api';

export type ValidationResult = { kind: 'ok' } | { kind: 'missing' } | { kind: 'invalid'; message: string };

/**
 * Missing required fields come first (nothing is sent). Beyond that only what the shared schema rejects for
 * other reasons (e.g. length) is reported; the e-mail format is left to the input type and the server.
 */
export function validateIdea(values: IdeaValues, options: { hasVoiceMemo?: boolean } = {}): ValidationResult {
  if (missingRequiredFields(values, options).length > 0) return { kind: 'missing' };
  const parsed = ideaFieldsSchema.safeParse(values);
  if (parsed.success) return { kind: 'ok' };
  const issue = parsed.error.issues.find((candidate) => candidate.path[0] !== 'email' || candidate.code !== 'invalid_format');
  return issue ? { kind: 'invalid', message: issue.message } : { kind: 'ok' };
}
