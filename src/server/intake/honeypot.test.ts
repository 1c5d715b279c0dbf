import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../domain/idea';
import { honeypotFilled } from './honeypot';

describe('honeypot', () => {
  it('is the shared "website" field', () => expect(HONEYPOT_FIELD).toBe('website'));

  it('is filled only by a non-blank string', () => {
    expect(honeypotFilled({ website: 'https://spam.example' })).toBe(true);
    expect(honeypotFilled({ website: '' })).toBe(false);
    expect(honeypotFilled({ website: '   ' })).toBe(false);
    expect(honeypotFilled({})).toBe(false);
  });
});
