/**
 * Bot classification from the honeypot and the form-start token. A flagged submission still gets a normal 202
 * (a bot learns nothing) and is stored with its reason but never mailed; the team can release it with
 * `npm run ideas -- retry <id>` if a person was caught (e.g. a page that could not fetch its token).
 */
import type { IdeaRequestBody } from './validate-idea';
import { verifyFormToken } from './form-token';
import { honeypotFilled } from './honeypot';

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
