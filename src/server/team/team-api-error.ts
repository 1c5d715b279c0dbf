/**
 * The workspace API's errors: a code from domain/team-errors.ts with its Korean message (content/workspace.ts), thrown
 * by route modules and answered by the scope's error handler (team-api.ts) as `{ error: { code, message } }`.
 */
import type { FastifyReply } from 'fastify';
import { teamErrorMessages as errorCopy } from '../../content/workspace';
import type { TeamErrorBody, TeamErrorCode } from '../../domain/team-errors';

/** The Korean message of each error code (a missing one fails the typecheck). */
const teamErrorMessages: Record<TeamErrorCode, string> = errorCopy;

export class TeamApiError extends Error {
  /** `message`: a more precise Korean message than the code's own (the hours screen's problem, say). */
  constructor(
    readonly statusCode: number,
    readonly code: TeamErrorCode,
    message?: string,
  ) {
    super(message ?? teamErrorMessages[code]);
    this.name = 'TeamApiError';
  }
}

export function sendTeamError(
  reply: FastifyReply,
  statusCode: number,
  code: TeamErrorCode,
  message = teamErrorMessages[code],
): FastifyReply {
  const body: TeamErrorBody = { error: { code, message } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
