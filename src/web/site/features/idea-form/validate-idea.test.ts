import { describe, expect, it } from 'vitest';
import { IDEA_LIMITS, IDEA_OR_MEMO_REQUIRED, ideaRequestSchema, required, tooLong } from '../../../../domain/idea';
import { validateIdea } from './validate-idea';

const valid = { idea: '배드민턴 기록 앱', name: '김민지', email: 'minji@example.com', phone: '' };

describe('validateIdea', () => {
  it('accepts a complete submission; phone is optional', () => {
    expect(validateIdea(valid)).toEqual({ kind: 'ok' });
    expect(validateIdea({ ...valid, phone: '010-1234-5678' })).toEqual({ kind: 'ok' });
  });

  it.each(['idea', 'name', 'email'] as const)('reports a missing %s at its field, also when only spaces', (field) => {
    const message = field === 'idea' ? IDEA_OR_MEMO_REQUIRED : required(field);
    expect(validateIdea({ ...valid, [field]: '' })).toEqual({ kind: 'missing', fields: { [field]: message } });
    expect(validateIdea({ ...valid, [field]: '   \n ' })).toEqual({ kind: 'missing', fields: { [field]: message } });
  });

  it('takes a voice memo in place of the idea text', () => {
    expect(validateIdea({ ...valid, idea: '' }, { hasVoiceMemo: true })).toEqual({ kind: 'ok' });
  });

  it('does not check the phone beyond its length', () => {
    expect(validateIdea({ ...valid, phone: '전화 주세요' })).toEqual({ kind: 'ok' });
  });

  it.each(['hong@naver', 'not-an-address', 'hong@naver.'])(
    'refuses %s before sending, as the server would, though the browser e-mail input lets some through',
    (email) => {
      const serverMessage = ideaRequestSchema.safeParse({ ...valid, email }).error!.issues[0]!.message;
      expect(validateIdea({ ...valid, email })).toEqual({
        kind: 'invalid',
        message: serverMessage,
        fields: { email: serverMessage },
      });
    },
  );

  it("reports the shared contract's Korean message for other problems at their field, e.g. length", () => {
    expect(validateIdea({ ...valid, name: '가'.repeat(IDEA_LIMITS.name + 1) })).toEqual({
      kind: 'invalid',
      message: tooLong('name'),
      fields: { name: tooLong('name') },
    });
    expect(validateIdea({ ...valid, name: '가'.repeat(IDEA_LIMITS.name) })).toEqual({ kind: 'ok' });
    expect(validateIdea({ ...valid, idea: 'a'.repeat(IDEA_LIMITS.idea + 1), email: 'x' })).toMatchObject({
      kind: 'invalid',
      message: tooLong('idea'), // the first field in the form's order
      fields: { idea: tooLong('idea'), email: expect.any(String) },
    });
  });
});
