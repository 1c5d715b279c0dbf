/**
 * Bot classification from the honeypot and the form-start token, used once. A flagged submission still gets a
 * normal 202 (a bot learns nothing) and is kept in the spam folder with its reason, not mailed; the team sees a
 * daily count and can release one with `npm run ideas -- release <id>` if a person was caught.
 */
import { HONEYPOT_FIELD } from '../../domain/idea';
import type { IdeaRequestBody } from './validate-idea';
import { verifyFormToken } from './form-token';
import { tokenUse, type TokenUse } from './used-form-tokens';

export type SpamReason = 'honeypot' | 'token_missing' | 'token_invalid' | 'too_fast' | 'token_reused';

export interface BotCheckOptions {
  secret: string;
  minFillMs: number;
  maxAgeMs: number;
}

type Verdict = { reason: SpamReason; issuedAt?: undefined } | { reason: null; issuedAt: number };

function verdictFor(body: IdeaRequestBody, options: BotCheckOptions, now: number): Verdict {
  if (honeypotFilled(body)) return { reason: 'honeypot' };
  const verdict = verifyFormToken(body.formToken, { ...options, now });
  return verdict.ok ? { reason: null, issuedAt: verdict.issuedAt } : { reason: verdict.reason };
}

/** The honeypot and the token's signature and age, without touching the database (not its single use). */
export function spamReasonFor(
  body: IdeaRequestBody,
  options: BotCheckOptions,
  now: number = Date.now(),
): SpamReason | null {
  return verdictFor(body, options, now).reason;
}

/**
 * The whole check of a script's submission without the database: `spamReasonFor`, and for a token that passed, the
 * use to record. Its single use is decided in the group commit that stores the idea (ideas/idea-store.ts): there the
 * idea becomes `token_reused` when another submission used the token (a retry with the same Idempotency-Key is not
 * another).
 */
export function checkScriptSubmission(
  body: IdeaRequestBody,
  idempotencyKey: string | undefined,
  options: BotCheckOptions,
  now: number = Date.now(),
): { spamReason: SpamReason | null; tokenUse?: TokenUse } {
  const verdict = verdictFor(body, options, now);
  if (verdict.reason !== null) return { spamReason: verdict.reason };
  const expiresAt = new Date(verdict.issuedAt + options.maxAgeMs);
  return { spamReason: null, tokenUse: tokenUse({ token: body.formToken!, idempotencyKey, expiresAt }) };
}

/** Honeypot: the hidden `website` input is invisible to people; any non-blank value means a bot filled it. */
export function honeypotFilled(body: Partial<Record<typeof HONEYPOT_FIELD, unknown>>): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}
