import { describe, expect, it } from 'vitest';
import { IDEA_LIMITS, IDEA_OR_MEMO_REQUIRED, required, tooLong } from '../../domain/idea';
import { validateIdeaRequest } from './validate-idea';

describe('validateIdeaRequest', () => {
  it('returns trimmed fields, a default phone and no unknown keys', () => {
    const parsed = validateIdeaRequest({ idea: ' 앱 ', name: ' 김 ', email: ' a@b.co ', admin: true });
    expect(parsed).toEqual({ idea: '앱', name: '김', email: 'a@b.co', phone: '', kakaoUpdates: false });
  });

  it('throws 400 validation_failed with one Korean message per bad field', () => {
    try {
      validateIdeaRequest({ idea: '', name: 'a'.repeat(IDEA_LIMITS.name + 1), email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
    try {
      // The browser's own form post cannot record: there the idea is asked for as text.
      validateIdeaRequest({ idea: '', name: '김', email: 'a@b.co' }, { memoPossible: false });
      expect.unreachable();
    } catch (error) {
      expect((error as { fields: Record<string, string> }).fields).toEqual({ idea: required('idea') });
    }
    try {
      validateIdeaRequest({ idea: '', name: 'a'.repeat(IDEA_LIMITS.name + 1), email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      const fields = (error as { fields: Record<string, string> }).fields;
      expect(fields).toEqual({
        idea: IDEA_OR_MEMO_REQUIRED,
        name: tooLong('name'),
        email: '올바른 이메일 주소를 입력해주세요.',
      });
    }
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, [], 'x', 3])
      expect(() => validateIdeaRequest(body)).toThrow(expect.objectContaining({ code: 'invalid_json' }));
  });
});
