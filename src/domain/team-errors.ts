/**
 * The workspace API's error answer, `{ error: { code, message } }` as the intake's, with codes of its own; the
 * Korean message of each is in content/workspace.ts (teamErrorMessages) and the page may show it as is.
 */
export const TEAM_ERROR_CODES = [
  'unauthorized',
  'forbidden_origin',
  'forbidden',
  /** Export of every lead or an erasure by a member no owner allowed (decision 083). */
  'forbidden_export_erase',
  /** The kept contract records (decision 160) by a member who may not export and erase. */
  'forbidden_contract_records',
  'not_found',
  'invalid',
  /** Text with a character the database cannot store or nobody types (NUL, a control character, half an emoji). */
  'invalid_text',
  'conflict',
  'stage_refused',
  /** An invite for a member who has another role: roles change in the member list, not by invite. */
  'role_differs',
  /** The last owner cannot stop being one (nor be removed). */
  'last_owner',
  'rate_limited',
  'invite_invalid',
  'passkey_invalid',
  'internal',
] as const;
export type TeamErrorCode = (typeof TEAM_ERROR_CODES)[number];

export interface TeamErrorBody {
  error: { code: TeamErrorCode; message: string };
}
