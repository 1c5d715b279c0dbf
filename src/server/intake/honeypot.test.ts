import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../domain/idea';
import { honeypotFilled } from './honeypot';

describe('honeypot', () => {
  it('is the shared field, filled only by a non-blank string', () => {
    expect(honeypotFilled({ [HONEYPOT_FIELD]: 'https://spam.example' })).toBe(true);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: '' })).toBe(false);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: '   ' })).toBe(false);
    expect(honeypotFilled({})).toBe(false);
  });
});
