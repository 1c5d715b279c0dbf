/**
 * The voice memo's part of the idea contract: limits both sides apply, the multipart field names the form sends,
 * and the container signatures the server checks (the bytes, never the declared type).
 */

/** Recording stops itself here. */
export const VOICE_MEMO_MAX_MS = 180_000;
/** ≈ 32 kbps: a 3-minute memo stays under 1 MB. */
export const VOICE_MEMO_BITS_PER_SECOND = 32_000;
/** The server refuses a larger memo (413) before reading it all; twice what 3 minutes at the bitrate needs. */
export const VOICE_MEMO_MAX_BYTES = 2 * 1024 * 1024;

/** Multipart field names: the memo file and its length in milliseconds (the recorder's own measure). */
export const VOICE_MEMO_FIELD = 'memo';
export const VOICE_MEMO_DURATION_FIELD = 'memoDurationMs';

export type AudioContainer = 'webm' | 'mp4' | 'ogg';

export const AUDIO_CONTAINERS: Record<AudioContainer, { mimeType: string; extension: string }> = {
  webm: { mimeType: 'audio/webm', extension: 'webm' },
  mp4: { mimeType: 'audio/mp4', extension: 'm4a' },
  ogg: { mimeType: 'audio/ogg', extension: 'ogg' },
};

/** `ftyp` major brands of still images (HEIF/HEIC, AVIF): the same box as an MP4 recording, but a photo. */
const IMAGE_BRANDS: readonly string[] = [
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
];

/**
 * The container a file's first bytes announce: WebM (EBML header), MP4 (`ftyp` box, not an image's brand) or Ogg
 * (`OggS`); else undefined.
 */
export function sniffAudioContainer(bytes: Uint8Array): AudioContainer | undefined {
  const at = (offset: number, ...expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'webm';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return IMAGE_BRANDS.includes(brand) ? undefined : 'mp4';
  }
  if (at(0, 0x4f, 0x67, 0x67, 0x53)) return 'ogg';
  return undefined;
}

/** "0:03", "2:41" (whole seconds, rounded down): a memo's length as the recorder, the CLI and the team mail show it. */
export function formatMemoDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
