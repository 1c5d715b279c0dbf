import { describe, expect, it } from 'vitest';
import { validateIdeaRequest } from './validate-idea';

describe('validateIdeaRequest', () => {
  it('returns trimmed fields, a default phone and no unknown keys', () => {
    const parsed = validateIdeaRequest({ idea: ' 앱 ', name: ' 김 ', email: ' a@b.co ', admin: true });
    expect(parsed).toEqual({ idea: '앱', name: '김', email: 'a@b.co', phone: '' });
  });

  it('throws 400 validation_failed with one Korean message per bad field', () => {
    try {
      validateIdeaRequest({ idea: '', name: 'a'.repeat(101), email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      const fields = (error as { fields: Record<string, string> }).fields;
      expect(fields).toEqual({
        idea: '아이디어을(를) 입력해주세요.',
        name: '이름은(는) 100자 이내로 입력해주세요.',
        email: '올바른 이메일 주소를 입력해주세요.',
      });
    }
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, [], 'x', 3]) expect(() => validateIdeaRequest(body)).toThrow(expect.objectContaining({ code: 'invalid_json' }));
  });
});
