import { describe, expect, it } from 'vitest';
import { IDEA_OR_MEMO_REQUIRED, ideaRequestSchema, missingRequiredFields } from './idea';
import { formatMemoDuration, sniffAudioContainer } from './voice-memo';

const bytes = (...values: number[]) => new Uint8Array([...values, ...Array(16).fill(0)]);

describe('voice memo contract', () => {
  it('tells the containers by their first bytes, and nothing else', () => {
    expect(sniffAudioContainer(bytes(0x1a, 0x45, 0xdf, 0xa3))).toBe('webm');
    expect(sniffAudioContainer(bytes(0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70))).toBe('mp4');
    expect(sniffAudioContainer(bytes(0x4f, 0x67, 0x67, 0x53))).toBe('ogg');
    expect(sniffAudioContainer(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined(); // PNG
    const ftyp = (brand: string) => bytes(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, ...Buffer.from(brand, 'latin1'));
    expect(sniffAudioContainer(ftyp('M4A '))).toBe('mp4');
    expect(sniffAudioContainer(ftyp('isom'))).toBe('mp4');
    expect(sniffAudioContainer(ftyp('heic'))).toBeUndefined(); // an iPhone photo
    expect(sniffAudioContainer(ftyp('avif'))).toBeUndefined();
    expect(sniffAudioContainer(bytes(0x52, 0x49, 0x46, 0x46))).toBeUndefined(); // WAV: not a recording format here
    expect(sniffAudioContainer(new Uint8Array([0x1a, 0x45]))).toBeUndefined();
  });

  it('shows a length as m:ss, whole seconds', () => {
    expect(formatMemoDuration(3400)).toBe('0:03');
    expect(formatMemoDuration(179_999)).toBe('2:59');
    expect(formatMemoDuration(180_000)).toBe('3:00');
  });

  it('takes the idea as text or as a memo, never neither', () => {
    const base = { name: '김민지', email: 'minji@example.com' };
    expect(ideaRequestSchema.safeParse({ ...base, idea: '', memoDurationMs: '3000' }).success).toBe(true);
    expect(ideaRequestSchema.safeParse({ ...base, idea: '글로 쓴 아이디어' }).success).toBe(true);
    const neither = ideaRequestSchema.safeParse({ ...base, idea: '  ' });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues).toEqual([
      expect.objectContaining({ path: ['idea'], message: IDEA_OR_MEMO_REQUIRED }),
    ]);
    expect(ideaRequestSchema.safeParse({ ...base, idea: '', memoDurationMs: '999999' }).success).toBe(false);
    expect(missingRequiredFields({ ...base, idea: '' })).toEqual(['idea']);
    expect(missingRequiredFields({ ...base, idea: '' }, { hasVoiceMemo: true })).toEqual([]);
  });
});
