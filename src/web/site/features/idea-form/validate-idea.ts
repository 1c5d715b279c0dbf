/**
 * Browser-side check of the form values with the shared contract: the same `ideaRequestSchema` the server applies,
 * so what the server would refuse (a missing field, a length, an address like `hong@naver` that the browser's e-mail
 * input lets through) is caught before anything is sent, with the same Korean message at the same field.
 */
import { ideaRequestSchema, missingRequiredFields, type IdeaField } from '../../../../domain/idea';
import type { IdeaValues } from './api';
import { FORM_FIELD_ORDER } from './field-order';

export type FieldErrors = Partial<Record<IdeaField, string>>;

export type ValidationResult =
  | { kind: 'ok' }
  /** A required field is empty (the notice names the required fields). */
  | { kind: 'missing'; fields: FieldErrors }
  /** Something else the contract refuses; `message` is the first field's. */
  | { kind: 'invalid'; message: string; fields: FieldErrors };

const isFormField = (key: unknown): key is IdeaField => (FORM_FIELD_ORDER as readonly unknown[]).includes(key);

/** The first message at each field, for what the schema refused. */
export function fieldErrorsOf(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isFormField(field) && fields[field] === undefined) fields[field] = issue.message;
  }
  return fields;
}

/** The first field in error, in the form's order. */
export const firstFieldInError = (fields: FieldErrors): IdeaField | undefined =>
  FORM_FIELD_ORDER.find((field) => fields[field] !== undefined);

export function validateIdea(values: IdeaValues, options: { hasVoiceMemo?: boolean } = {}): ValidationResult {
  // A memo stands in for the idea text: the schema takes the memo's length as its sign (its value is checked by the server).
  const parsed = ideaRequestSchema.safeParse({ ...values, memoDurationMs: options.hasVoiceMemo ? 0 : undefined });
  if (parsed.success) return { kind: 'ok' };
  const fields = fieldErrorsOf(parsed.error.issues);
  const first = firstFieldInError(fields);
  if (!first) return { kind: 'ok' }; // nothing the visitor can fix at a field: the server decides
  if (missingRequiredFields(values, options).length > 0) return { kind: 'missing', fields };
  return { kind: 'invalid', message: fields[first]!, fields };
}
