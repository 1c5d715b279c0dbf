import { describe, expect, it } from 'vitest';
import { formatKoreanMobile, normalizeKoreanMobile } from './korean-mobile';

describe('a Korean mobile number', () => {
  it('is taken as people write it and normalized to its digits', () => {
    for (const written of [
      '010-1234-5678',
      '010 1234 5678',
      '01012345678',
      '010.1234.5678',
      ' (010) 1234-5678 ',
      '+82 10-1234-5678',
      '+82 (0)10 1234 5678',
      '+821012345678',
      '82-10-1234-5678',
    ])
      expect(normalizeKoreanMobile(written), written).toBe('01012345678');
    expect(normalizeKoreanMobile('011-123-4567')).toBe('0111234567');
    expect(formatKoreanMobile('01012345678')).toBe('010-1234-5678');
    expect(formatKoreanMobile('0111234567')).toBe('011-123-4567');
  });

  it('refuses what is not one: a landline, too few or many digits, letters, another country', () => {
    for (const wrong of [
      '02-123-4567',
      '010-123-4567',
      '010-1234-56789',
      '010-1234-567a',
      '+1 202 555 0100',
      '',
      '012-1234-5678',
    ])
      expect(normalizeKoreanMobile(wrong), wrong).toBeNull();
  });
});
