import { describe, expect, it } from 'vitest';
import { IDEA_FIELD_LABELS } from './idea';
import { endsWithConsonant, withObject, withTopic } from './korean-particles';

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
});
