import { describe, expect, it } from 'vitest';
import { IDEA_FIELD_LABELS } from './idea';
import { endsWithConsonant, withDirection, withObject, withTopic } from './korean-particles';

describe('Korean particles', () => {
  it('follow the last syllable of each form label', () => {
    const labels = Object.values(IDEA_FIELD_LABELS).map((label) => [label, withTopic(label), withObject(label)]);
    expect(labels).toEqual([
      ['아이디어', '아이디어는', '아이디어를'],
      ['이름', '이름은', '이름을'],
      ['이메일', '이메일은', '이메일을'],
      ['연락처', '연락처는', '연락처를'],
    ]);
  });

  it('knows a final consonant from the syllable itself, across the whole Hangul block', () => {
    expect(['가', '힣', '각', '닭'].map(endsWithConsonant)).toEqual([false, true, true, true]);
    expect(['MVP', '', '123'].map(endsWithConsonant)).toEqual([false, false, false]);
  });

  it('puts 로 after a vowel or ㄹ and 으로 after any other final consonant (the board stages)', () => {
    expect(['신규', '검토 중', '제작 중', '프로토타입 전달', '미팅', '계약', '종료', 'MVP'].map(withDirection)).toEqual(
      ['신규로', '검토 중으로', '제작 중으로', '프로토타입 전달로', '미팅으로', '계약으로', '종료로', 'MVP로'],
    );
  });
});
