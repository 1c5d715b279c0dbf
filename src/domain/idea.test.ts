import { KOREAN_MOBILE_INVALID } from './korean-mobile';
import { describe, expect, it } from 'vitest';
import {
  IDEA_LIMITS,
  IDEA_OR_MEMO_REQUIRED,
  ideaFieldsSchema,
  ideaRequestSchema,
  missingRequiredFields,
  required,
  tooLong,
  unstorable,
} from './idea';
import { formatKst } from './kst';

describe('idea schema', () => {
  it('trims values, defaults phone and strips unknown keys', () => {
    const parsed = ideaRequestSchema.parse({ idea: ' 앱 ', name: ' 홍길동 ', email: 'a@b.co', extra: 'x' });
    expect(parsed).toEqual({ idea: '앱', name: '홍길동', email: 'a@b.co', phone: '', kakaoUpdates: false });
  });

  it('asks for a Korean mobile number, at the phone field, only when KakaoTalk updates are asked for', () => {
    const base = { idea: '앱', name: '홍길동', email: 'a@b.co' };
    expect(ideaRequestSchema.parse({ ...base, phone: '+82 10-1234-5678', kakaoUpdates: 'on' }).kakaoUpdates).toBe(true);
    const refused = ideaRequestSchema.safeParse({ ...base, phone: '02-123-4567', kakaoUpdates: true });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['phone', KOREAN_MOBILE_INVALID],
    ]);
    expect(ideaRequestSchema.safeParse({ ...base, kakaoUpdates: true }).success).toBe(false);
    expect(ideaRequestSchema.safeParse({ ...base, phone: '02-123-4567' }).success).toBe(true);
  });

  it('rejects blank required fields with Korean messages per field', () => {
    const result = ideaRequestSchema.safeParse({ idea: '   ', name: '', email: ' ' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    // The idea may be text or a voice memo; the other two are named as they are.
    expect(messages).toMatchObject({
      idea: IDEA_OR_MEMO_REQUIRED,
      name: '이름을 입력해주세요.',
      email: '이메일을 입력해주세요.',
    });
  });

  it('words each message with the particle its label takes, and the limit from IDEA_LIMITS', () => {
    expect([tooLong('idea'), tooLong('name'), tooLong('email'), tooLong('phone')]).toEqual([
      `아이디어는 ${IDEA_LIMITS.idea.toLocaleString('ko-KR')}자 이내로 입력해주세요.`,
      `이름은 ${IDEA_LIMITS.name}자 이내로 입력해주세요.`,
      `이메일은 ${IDEA_LIMITS.email}자 이내로 입력해주세요.`,
      `연락처는 ${IDEA_LIMITS.phone}자 이내로 입력해주세요.`,
    ]);
    expect(required('idea')).toBe('아이디어를 입력해주세요.');
  });

  it('checks e-mail syntax and length caps', () => {
    expect(ideaFieldsSchema.safeParse({ idea: 'a', name: 'b', email: 'not-an-email' }).success).toBe(false);
    const long = 'x'.repeat(IDEA_LIMITS.idea + 1);
    const result = ideaFieldsSchema.safeParse({ idea: long, name: 'b', email: 'a@b.co' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(tooLong('idea'));
  });

  it('refuses what the database cannot store, naming the field: NUL, other control characters, lone surrogates', () => {
    const base = { idea: '앱 아이디어', name: '김민지', email: 'a@b.co', phone: '' };
    const cases: [Record<string, string>, string][] = [
      [{ idea: '앱\u0000아이디어' }, 'idea'],
      [{ idea: '앱\u001B[31m' }, 'idea'],
      [{ idea: '반쪽 \uD83D 이모지' }, 'idea'],
      [{ idea: '\uDE00 뒤쪽 반쪽' }, 'idea'],
      [{ name: '김\u0000' }, 'name'],
      [{ name: '김\n민지' }, 'name'],
      [{ email: 'a\u0000@b.co' }, 'email'],
      [{ phone: '010\u0007' }, 'phone'],
    ];
    for (const [override, field] of cases) {
      const result = ideaRequestSchema.safeParse({ ...base, ...override });
      expect(result.success, JSON.stringify(override)).toBe(false);
      expect(result.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
        [field, unstorable(field as 'idea')],
      ]);
    }
    expect(unstorable('name')).toBe(
      '이름에 저장할 수 없는 문자가 들어 있습니다. 붙여 넣은 부분을 지우고 다시 입력해주세요.',
    );
    // Tab and line breaks in the idea, a whole emoji (a surrogate pair) and a trailing newline on a name are fine.
    const fine = ideaRequestSchema.parse({ ...base, idea: '첫 줄\r\n\t둘째 줄 😀', name: '김민지\n' });
    expect(fine).toMatchObject({ idea: '첫 줄\r\n\t둘째 줄 😀', name: '김민지' });
  });

  it('takes a name or idea of invisible characters only as missing, with the same message', () => {
    const invisible = [
      '\u200B',
      '\u200C\u200D',
      '\uFEFF',
      '\u3164',
      '\u3164\u3164',
      '\u115F\u1160',
      '\uFFA0',
      '\u2060',
      '\u00AD',
      ' \u200B ',
    ];
    for (const blank of invisible) {
      const result = ideaRequestSchema.safeParse({ idea: blank, name: blank, email: 'a@b.co' });
      expect(result.success, JSON.stringify(blank)).toBe(false);
      const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
      expect(messages).toEqual({ idea: IDEA_OR_MEMO_REQUIRED, name: required('name') });
      expect(missingRequiredFields({ idea: blank, name: blank, email: 'a@b.co' })).toEqual(['idea', 'name']);
    }
    // Visible text with a joiner inside (an emoji sequence) is kept as it is.
    expect(ideaRequestSchema.parse({ idea: '가족 👨\u200D👩\u200D👧', name: '김', email: 'a@b.co' }).idea).toBe(
      '가족 👨\u200D👩\u200D👧',
    );
  });

  it('lists missing required fields after trimming', () => {
    expect(missingRequiredFields({ idea: ' ', name: '이름', email: '' })).toEqual(['idea', 'email']);
    expect(missingRequiredFields({ idea: 'a', name: 'b', email: 'c' })).toEqual([]);
  });
});

describe('formatKst', () => {
  it('shows an instant in Korean time, nine hours ahead of UTC', () => {
    expect(formatKst('2026-11-22T15:05:00.000Z')).toBe('2026년 11월 23일 (월) 오전 12:05');
    expect(formatKst(new Date('2026-11-23T06:30:00.000Z'))).toBe('2026년 11월 23일 (월) 오후 3:30');
  });
});
