import { describe, expect, it } from 'vitest';
import { createFormToken } from './form-token';
import { honeypotFilled, spamReasonFor } from './bot-check';
import { HONEYPOT_FIELD } from '../../domain/idea';
import { validateIdeaRequest } from './validate-idea';

const options = { secret: 'k'.repeat(40), minFillMs: 3000, maxAgeMs: 86_400_000 };
const now = 2_000_000_000_000;
const body = (extra: Record<string, unknown>) =>
  validateIdeaRequest({ idea: '아이디어', name: '이름', email: 'a@b.co', ...extra });

describe('spamReasonFor', () => {
  it('passes a person who took their time', () => {
    expect(spamReasonFor(body({ formToken: createFormToken(options.secret, now - 20_000) }), options, now)).toBeNull();
  });

  it('names the reason for a bot', () => {
    const token = createFormToken(options.secret, now - 20_000);
    expect(spamReasonFor(body({ formToken: token, website: 'x' }), options, now)).toBe('honeypot');
    expect(spamReasonFor(body({}), options, now)).toBe('token_missing');
    expect(spamReasonFor(body({ formToken: createFormToken(options.secret, now - 1000) }), options, now)).toBe(
      'too_fast',
    );
    expect(spamReasonFor(body({ formToken: `${now - 20_000}.forged` }), options, now)).toBe('token_invalid');
  });

  it('lets FORM_MIN_FILL_MS=0 accept an instant submission', () => {
    expect(
      spamReasonFor(body({ formToken: createFormToken(options.secret, now) }), { ...options, minFillMs: 0 }, now),
    ).toBeNull();
  });
});

describe('honeypot', () => {
  it('is the shared field, filled only by a non-blank string', () => {
    expect(honeypotFilled({ [HONEYPOT_FIELD]: 'https://spam.example' })).toBe(true);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: '' })).toBe(false);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: '   ' })).toBe(false);
    expect(honeypotFilled({})).toBe(false);
  });
});
