/**
 * The one error shape every API answer uses: `{ error: { code, message, fields? } }` with a Korean message that
 * the page may show as is. Guards throw or send these; the error handler turns anything else into one.
 */
import type { FastifyReply } from 'fastify';
import { intakeErrorMessages } from '../../content/intake-errors';
import type { ApiErrorBody, ApiErrorCode, IdeaField } from '../../domain/idea';

/** The Korean message of each error code (the copy: content/intake-errors.ts; a missing code fails the typecheck). */
export const API_ERROR_MESSAGES: Record<ApiErrorCode, string> = intakeErrorMessages;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string = API_ERROR_MESSAGES[code],
    readonly fields?: Partial<Record<IdeaField, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}
