import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf, replayFor, requestHash } from './idempotency';

describe('idempotency', () => {
  it('reads a UUID key and ignores a missing one', () => {
    const key = crypto.randomUUID();
    expect(idempotencyKeyOf({ headers: { 'idempotency-key': key } })).toBe(key);
    expect(idempotencyKeyOf({ headers: {} })).toBeUndefined();
  });

  it('refuses a malformed key with 400', () => {
    for (const key of ['short', 'has space in it', 'x'.repeat(201), '한글키는안됩니다요']) {
      expect(() => idempotencyKeyOf({ headers: { 'idempotency-key': key } }), key).toThrow(
        expect.objectContaining({ statusCode: 400 }),
      );
    }
  });

  it('hashes equal bodies equally and different bodies differently', () => {
    expect(requestHash({ a: 1, b: '가' })).toBe(requestHash({ a: 1, b: '가' }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it('replays for the same body and conflicts (422) for a different one', () => {
    const stored = { requestHash: requestHash({ a: 1 }), ideaId: 'id-1', receivedAt: new Date(0) };
    expect(replayFor(stored, requestHash({ a: 1 }))).toEqual({ ideaId: 'id-1', receivedAt: new Date(0) });
    expect(() => replayFor(stored, requestHash({ a: 2 }))).toThrow(
      expect.objectContaining({ statusCode: 422, code: 'idempotency_conflict' }),
    );
  });
});
