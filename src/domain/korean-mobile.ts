/**
 * A Korean mobile number (issue 49, part 2: KakaoTalk updates), as people write it — `010-1234-5678`,
 * `010 1234 5678`, `01012345678`, `+82 10-1234-5678`, `+82 (0)10 1234 5678`, `82-10-1234-5678` — normalized to the
 * digits a message provider takes (`01012345678`); anything else (a landline, too few digits, letters) is refused.
 * 010 takes 8 digits after it; the old 01x numbers (11, 16 to 19) take 7 or 8.
 */

/** Why a number was refused, at its field. */
export const KOREAN_MOBILE_INVALID = '휴대폰 번호를 010-1234-5678 형식으로 입력해주세요.';

const SEPARATORS = /[\s().-]/g;

/** The number's digits (`01012345678`), or null when it is not a Korean mobile number. */
export function normalizeKoreanMobile(input: string): string | null {
  let digits = input.trim().replace(SEPARATORS, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  // The country code: 82 10… or 82 0 10… (the trunk 0 written in brackets and kept).
  if (digits.startsWith('82')) digits = digits.slice(2).replace(/^0?/, '0');
  if (!/^\d+$/.test(digits)) return null;
  if (/^010\d{8}$/.test(digits)) return digits;
  if (/^01[16789]\d{7,8}$/.test(digits)) return digits;
  return null;
}

/** How the number is shown back: 010-1234-5678, or 011-123-4567 for a seven-digit old number. */
export function formatKoreanMobile(digits: string): string {
  return digits.length === 11
    ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
