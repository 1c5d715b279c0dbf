import { describe, expect, it } from 'vitest';
import { IDEA_LIMITS, IDEA_OR_MEMO_REQUIRED, formatKst, ideaFieldsSchema, ideaRequestSchema, missingRequiredFields, required, tooLong } from './idea';

describe('idea schema', () => {
  it('trims values, defaults phone and strips unknown keys', () => {
    const parsed = ideaRequestSchema.parse({ idea: ' 앱 ', name: ' 홍길동 ', email: 'a@b.co', extra: 'x' });
    expect(parsed).toEqual({ idea: '앱', name: '홍길동', email: 'a@b.co', phone: '' });
  });

  it('rejects blank required fields with Korean messages per field', () => {
    const result = ideaRequestSchema.safeParse({ idea: '   ', name: '', email: ' ' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    // The idea may be text or a voice memo; the other two are named as they are.
    expect(messages).toMatchObject({ idea: IDEA_OR_MEMO_REQUIRED, name: '이름을 입력해주세요.', email: '이메일을 입력해주세요.' });
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
