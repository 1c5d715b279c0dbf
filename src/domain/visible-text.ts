/**
 * The one rule for "nothing visible" (issue 47, item 3): every text a person sends — the idea, the founder's
 * answer, the team's message, a note, a quote's lines, a closing reason — is empty when it shows nothing (only
 * whitespace or characters that draw nothing), and a required one is then refused like an empty field.
 */
import { z } from 'zod';

/**
 * Characters that show nothing: Unicode's default-ignorable code points (zero-width space, non-joiner and joiner,
 * word joiner and invisible operators, BOM, soft hyphen, combining grapheme joiner, variation selectors, tag
 * characters, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, …) and the Braille blank U+2800, the usual way to
 * send an empty-looking message. A field of only these (and whitespace) is empty.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when the text shows nothing: empty, whitespace, or invisible characters only. */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** Trimmed, and '' when it shows nothing. */
export const visibleOrEmpty = (text: string): string => {
  const trimmed = text.trim();
  return isBlank(trimmed) ? '' : trimmed;
};

/** A text field: trimmed, invisible-only becomes '' (so `.min(1)` refuses it), at most `max` characters. */
export const visibleText = (max: number) =>
  z
    .string()
    .trim()
    .overwrite((value) => (isBlank(value) ? '' : value))
    .max(max);

/** A text that must show something. */
export const requiredVisibleText = (max: number) => visibleText(max).min(1);
