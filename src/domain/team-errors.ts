/**
 * The workspace API's error answer, `{ error: { code, message } }` as the intake's, with codes of its own; the
 * Korean message of each is in content/workspace.ts (teamErrorMessages) and the page may show it as is.
 */
export const TEAM_ERROR_CODES = [
  'unauthorized',
  'forbidden_origin',
  'forbidden',
  'not_found',
  'invalid',
  /** Text with a character the database cannot store or nobody types (NUL, a control character, half an emoji). */
  'invalid_text',
  'conflict',
  'rate_limited',
  'invite_invalid',
  'passkey_invalid',
  'internal',
] as const;
export type TeamErrorCode = (typeof TEAM_ERROR_CODES)[number];

export interface TeamErrorBody {
  error: { code: TeamErrorCode; message: string };
}
