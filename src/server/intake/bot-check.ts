/**
 * Bot classification from the honeypot and the form-start token. A flagged submission still gets a normal 202
 * (a bot learns nothing) and is kept in the spam folder with its reason, not mailed; the team sees a daily count
 * and can release one with `npm run ideas -- release <id>` if a person was caught.
 */
import { HONEYPOT_FIELD } from '../../domain/idea';
import type { IdeaRequestBody } from './validate-idea';
import { verifyFormToken } from './form-token';

export type SpamReason = 'honeypot' | 'token_missing' | 'token_invalid' | 'too_fast';

export interface BotCheckOptions {
  secret: string;
  minFillMs: number;
  maxAgeMs: number;
}

export function spamReasonFor(body: IdeaRequestBody, options: BotCheckOptions, now: number = Date.now()): SpamReason | null {
  if (honeypotFilled(body)) return 'honeypot';
  const verdict = verifyFormToken(body.formToken, { ...options, now });
  return verdict.ok ? null : verdict.reason;
}

/** Honeypot: the hidden `website` input is invisible to people; any non-blank value means a bot filled it. */
export function honeypotFilled(body: Partial<Record<typeof HONEYPOT_FIELD, unknown>>): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}
