import { describe, expect, it } from 'vitest';
import { IDEA_LIMITS } from '../../domain/idea';
import { bodyLimitGuard, INTAKE_BODY_LIMIT } from './body-limit';

const run = (length?: string) =>
  (bodyLimitGuard as unknown as (request: unknown) => Promise<void>)({ headers: length ? { 'content-length': length } : {} });

describe('body limit guard', () => {
  it('is 32 KB and leaves room for the longest valid Korean idea', () => {
    expect(INTAKE_BODY_LIMIT).toBe(32 * 1024);
    const longest = JSON.stringify({ idea: '가'.repeat(IDEA_LIMITS.idea), name: '나'.repeat(IDEA_LIMITS.name), email: 'a'.repeat(240) + '@b.co' });
    expect(Buffer.byteLength(longest)).toBeLessThan(INTAKE_BODY_LIMIT);
  });

  it('refuses a declared length above the limit with 413 before reading', async () => {
    await expect(run(String(INTAKE_BODY_LIMIT + 1))).rejects.toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    await expect(run(String(INTAKE_BODY_LIMIT))).resolves.toBeUndefined();
    await expect(run()).resolves.toBeUndefined();
  });
});
