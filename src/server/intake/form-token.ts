/**
 * Signed form-start token (the epic-stack honeypot idea): the page fetches `{ token }` when the form is shown;
 * the token is `<issued-at ms>.<nonce>.<HMAC-SHA256>` so the server can tell how long the visitor took, statelessly
 * and across instances that share the secret. Submitting faster than the minimum fill time marks a bot. The random
 * nonce makes every token unique, even two issued in the same millisecond: a token is used once (decision 076,
 * intake/used-form-tokens.ts), and two visitors must never hold the same one.
 */
import crypto from 'node:crypto';

export type FormTokenVerdict =
  { ok: true; issuedAt: number } | { ok: false; reason: 'token_missing' | 'token_invalid' | 'too_fast' };

function sign(secret: string, issuedAt: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`form-start:${issuedAt}.${nonce}`).digest('base64url');
}

export function createFormToken(secret: string, now: number = Date.now()): string {
  const issuedAt = String(now);
  const nonce = crypto.randomBytes(12).toString('base64url');
  return `${issuedAt}.${nonce}.${sign(secret, issuedAt, nonce)}`;
}

export function verifyFormToken(
  token: string | undefined,
  options: { secret: string; minFillMs: number; maxAgeMs: number; now?: number },
): FormTokenVerdict {
  if (!token) return { ok: false, reason: 'token_missing' };
  const [issuedAt, nonce, signature, extra] = token.split('.');
  if (
    !issuedAt ||
    !nonce ||
    !signature ||
    extra !== undefined ||
    !/^\d{1,16}$/.test(issuedAt) ||
    !/^[\w-]{16}$/.test(nonce)
  ) {
    return { ok: false, reason: 'token_invalid' };
  }
  const expected = Buffer.from(sign(options.secret, issuedAt, nonce));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return { ok: false, reason: 'token_invalid' };
  const elapsed = (options.now ?? Date.now()) - Number(issuedAt);
  if (elapsed < 0 || elapsed > options.maxAgeMs) return { ok: false, reason: 'token_invalid' };
  if (elapsed < options.minFillMs) return { ok: false, reason: 'too_fast' };
  return { ok: true, issuedAt: Number(issuedAt) };
}
