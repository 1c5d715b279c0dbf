/**
 * Signed form-start token (the epic-stack honeypot idea): the page fetches `{ token }` when the form is shown;
 * the token is `<issued-at ms>.<HMAC-SHA256>` so the server can tell how long the visitor took, statelessly and
 * across instances that share the secret. Submitting faster than the minimum fill time marks a bot.
 */
import crypto from 'node:crypto';

export type FormTokenVerdict = { ok: true } | { ok: false; reason: 'token_missing' | 'token_invalid' | 'too_fast' };

function sign(secret: string, issuedAt: string): string {
  return crypto.createHmac('sha256', secret).update(`form-start:${issuedAt}`).digest('base64url');
}

export function createFormToken(secret: string, now: number = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

export function verifyFormToken(
  token: string | undefined,
  options: { secret: string; minFillMs: number; maxAgeMs: number; now?: number },
): FormTokenVerdict {
  if (!token) return { ok: false, reason: 'token_missing' };
  const [issuedAt, signature, extra] = token.split('.');
  if (!issuedAt || !signature || extra !== undefined || !/^\d{1,16}$/.test(issuedAt)) return { ok: false, reason: 'token_invalid' };
  const expected = Buffer.from(sign(options.secret, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'token_invalid' };
  const elapsed = (options.now ?? Date.now()) - Number(issuedAt);
  if (elapsed < 0 || elapsed > options.maxAgeMs) return { ok: false, reason: 'token_invalid' };
  if (elapsed < options.minFillMs) return { ok: false, reason: 'too_fast' };
  return { ok: true };
}
