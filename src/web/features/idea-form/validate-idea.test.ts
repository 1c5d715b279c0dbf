import { describe, expect, it } from 'vitest';
import { IDEA_LIMITS, tooLong } from '../../../domain/idea';
import { validateIdea } from './validate-idea';

const valid = { idea: '배드민턴 기록 앱', name: '김민지', email: 'minji@example.com', phone: '' };

describe('validateIdea', () => {
  it('accepts a complete submission; phone is optional', () => {
    expect(validateIdea(valid)).toEqual({ kind: 'ok' });
    expect(validateIdea({ ...valid, phone: '010-1234-5678' })).toEqual({ kind: 'ok' });
  });

  it.each(['idea', 'name', 'email'] as const)('reports a missing %s, also when only spaces', (field) => {
    expect(validateIdea({ ...valid, [field]: '' })).toEqual({ kind: 'missing' });
    expect(validateIdea({ ...valid, [field]: '   \n ' })).toEqual({ kind: 'missing' });
  });

  it('does not check the phone', () => {
    expect(validateIdea({ ...valid, phone: '전화 주세요' })).toEqual({ kind: 'ok' });
  });

  it('leaves the e-mail format to the input type and the server', () => {
    expect(validateIdea({ ...valid, email: 'not-an-address' })).toEqual({ kind: 'ok' });
  });

  it("reports the shared contract's Korean message for other problems, e.g. length", () => {
    expect(validateIdea({ ...valid, name: '가'.repeat(IDEA_LIMITS.name + 1) })).toEqual({ kind: 'invalid', message: tooLong('name') });
    expect(validateIdea({ ...valid, name: '가'.repeat(IDEA_LIMITS.name) })).toEqual({ kind: 'ok' });
    expect(validateIdea({ ...valid, idea: 'a'.repeat(IDEA_LIMITS.idea + 1) })).toEqual({ kind: 'invalid', message: tooLong('idea') });
  });
});
