/**
 * The workspace's requests to /team/api: same-origin JSON with the session cookie; an error answer becomes a
 * TeamRequestError carrying the server's code and Korean message (domain/team-errors.ts), which the screens show.
 */
import type { TeamErrorBody, TeamErrorCode } from '../../../domain/team-errors';
import { teamErrorMessages } from '../../../content/workspace';

export class TeamRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: TeamErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TeamRequestError';
  }
}

export const isUnauthorized = (error: unknown) => error instanceof TeamRequestError && error.status === 401;

export async function teamRequest<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new TeamRequestError(0, 'internal', teamErrorMessages.internal);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => undefined)) as T | TeamErrorBody | undefined;
  if (!response.ok) {
    const error = (data as TeamErrorBody | undefined)?.error;
    const code = error?.code ?? 'internal';
    throw new TeamRequestError(response.status, code, error?.message ?? teamErrorMessages[code]);
  }
  return data as T;
}
