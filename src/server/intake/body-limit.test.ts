import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, IDEA_LIMITS } from '../../domain/idea';
import { bodyLimitGuard, INTAKE_BODY_LIMIT } from './body-limit';

const run = (length?: string) =>
  (bodyLimitGuard as unknown as (request: unknown) => Promise<void>)({
    headers: length ? { 'content-length': length } : {},
  });

describe('body limit guard', () => {
  it('leaves room for the longest valid Korean idea, as JSON and as the browser urlencodes its own form post', () => {
    const longest = {
      idea: '가'.repeat(IDEA_LIMITS.idea),
      name: '나'.repeat(IDEA_LIMITS.name),
      email: `${'a'.repeat(IDEA_LIMITS.email - 6)}@b.com`,
      phone: '0'.repeat(IDEA_LIMITS.phone),
      [HONEYPOT_FIELD]: '',
      formToken: `${Date.now()}.${'x'.repeat(43)}`,
    };
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeLessThan(INTAKE_BODY_LIMIT);
    expect(Buffer.byteLength(new URLSearchParams(longest).toString())).toBeLessThan(INTAKE_BODY_LIMIT);
  });

  it('refuses a declared length above the limit with 413 before reading', async () => {
    await expect(run(String(INTAKE_BODY_LIMIT + 1))).rejects.toMatchObject({
      statusCode: 413,
      code: 'payload_too_large',
    });
    await expect(run(String(INTAKE_BODY_LIMIT))).resolves.toBeUndefined();
    await expect(run()).resolves.toBeUndefined();
  });
});
