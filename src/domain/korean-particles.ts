/**
 * Korean particles chosen by the word they follow: 은/을 after a syllable with a final consonant (이름은, 이메일을),
 * 는/를 after one without (아이디어는, 연락처를), instead of the "은(는)" a template would otherwise print.
 */
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;

/** True when the word's last syllable ends in a consonant (받침). Words not ending in Hangul count as without. */
export function endsWithConsonant(word: string): boolean {
  const code = word.trimEnd().charCodeAt(word.trimEnd().length - 1);
  return code >= HANGUL_FIRST && code <= HANGUL_LAST && (code - HANGUL_FIRST) % 28 !== 0;
}

/** The word with its topic particle: 이름은, 아이디어는. */
export const withTopic = (word: string) => `${word}${endsWithConsonant(word) ? '은' : '는'}`;

/** The word with its object particle: 이메일을, 연락처를. */
export const withObject = (word: string) => `${word}${endsWithConsonant(word) ? '을' : '를'}`;

/** The final consonant ㄹ takes 로 like a vowel does (서울로, 검토 중으로, 계약으로… 미팅으로, 전달로). */
const endsWithRieul = (word: string) => {
  const code = word.trimEnd().charCodeAt(word.trimEnd().length - 1);
  return code >= HANGUL_FIRST && code <= HANGUL_LAST && (code - HANGUL_FIRST) % 28 === 8;
};

/** The word with its direction particle: 종료로, 전달로, 제작 중으로, 미팅으로. */
export const withDirection = (word: string) =>
  `${word}${endsWithConsonant(word) && !endsWithRieul(word) ? '으로' : '로'}`;
