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
  constructor(
    readonly statusCode: number,
    readonly code: TeamErrorCode,
  ) {
    super(teamErrorMessages[code]);
    this.name = 'TeamApiError';
  }
}

export function sendTeamError(reply: FastifyReply, statusCode: number, code: TeamErrorCode): FastifyReply {
  const body: TeamErrorBody = { error: { code, message: teamErrorMessages[code] } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
