import { describe, expect, it } from 'vitest';
import { createFormToken, verifyFormToken } from './form-token';

const secret = 's'.repeat(40);
const options = { secret, minFillMs: 3000, maxAgeMs: 60 * 60_000 };

describe('form-start token', () => {
  it('verifies after the minimum fill time, naming when it was issued', () => {
    const token = createFormToken(secret, 1_000_000);
    expect(verifyFormToken(token, { ...options, now: 1_003_000 })).toEqual({ ok: true, issuedAt: 1_000_000 });
  });

  it('is unique even when two are issued in the same millisecond (each is used once)', () => {
    expect(createFormToken(secret, 1_000_000)).not.toBe(createFormToken(secret, 1_000_000));
  });

  it('flags a submission faster than the minimum fill time', () => {
    const token = createFormToken(secret, 1_000_000);
    expect(verifyFormToken(token, { ...options, now: 1_002_999 })).toEqual({ ok: false, reason: 'too_fast' });
  });

  it('flags a missing, forged, tampered, future or expired token', () => {
    const token = createFormToken(secret, 1_000_000);
    const [issuedAt, nonce, signature] = token.split('.');
    const at = { ...options, now: 1_010_000 };
    expect(verifyFormToken(undefined, at)).toEqual({ ok: false, reason: 'token_missing' });
    expect(verifyFormToken(createFormToken('x'.repeat(40), 1_000_000), at)).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    expect(verifyFormToken(`${Number(issuedAt) - 60_000}.${nonce}.${signature}`, at)).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    expect(verifyFormToken(`${issuedAt}.${'A'.repeat(16)}.${signature}`, at)).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    expect(verifyFormToken(`${issuedAt}.${signature}`, at)).toEqual({ ok: false, reason: 'token_invalid' }); // the old format
    expect(verifyFormToken(`${token}.extra`, at)).toEqual({ ok: false, reason: 'token_invalid' });
    expect(verifyFormToken('garbage', at)).toEqual({ ok: false, reason: 'token_invalid' });
    expect(verifyFormToken(token, { ...options, now: 999_000 })).toEqual({ ok: false, reason: 'token_invalid' });
    expect(verifyFormToken(token, { ...options, now: 1_000_000 + 60 * 60_000 + 1 })).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
  });
});
