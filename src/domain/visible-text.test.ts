/** The one "nothing visible" rule (issue 47, item 3): whatever draws nothing is empty; anything visible is text. */
import { describe, expect, it } from 'vitest';
import { isBlank, requiredVisibleText, visibleOrEmpty } from './visible-text';

describe('nothing visible', () => {
  it('is empty: spaces, zero-width characters, fillers, the Braille blank, variation selectors and tags', () => {
    for (const nothing of ['', ' \n\t', '\u200B\u200B', '\u3164\uFFA0', '\u2800\u2800', '\uFE0F', '\u{E0041}\u{E007F}'])
      expect(isBlank(nothing), JSON.stringify(nothing)).toBe(true);
    expect(visibleOrEmpty(' \u200B ')).toBe('');
    expect(requiredVisibleText(10).safeParse('\u2800').success).toBe(false);
  });

  it('keeps what shows, invisible joiners inside included', () => {
    for (const text of ['안녕하세요', '👨‍👩‍👧', 'a\u200Bb', '❤️']) expect(isBlank(text), JSON.stringify(text)).toBe(false);
    expect(requiredVisibleText(10).parse('  답변  ')).toBe('답변');
  });
});
