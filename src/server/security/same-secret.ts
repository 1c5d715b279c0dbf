/**
 * The one constant-time comparison for presented secrets (the public API key, the admin API token): both sides
 * are hashed first, so neither the content nor the length of the expected value leaks through timing.
 */
import crypto from 'node:crypto';

export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
