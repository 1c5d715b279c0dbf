/**
 * Voice memo types and pure helpers (no React): the memo the idea form holds, the recording limits,
 * which audio type to record in, whether this browser can record, and how a failure is classified.
 */

/** A finished recording. */
export interface VoiceMemo {
  blob: Blob;
  mimeType: string;
  durationMs: number;
}

export const VOICE_MEMO_MAX_MS = 180_000; // 3 minutes
export const VOICE_MEMO_BITS_PER_SECOND = 32_000; // ~32 kbps: 3 minutes < 1 MB

/** Recording types in order of preference (Opus first; Safari records MP4). */
export const VOICE_MEMO_TYPES = ['audio/webm;codecs=opus', 'audio/mp4;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus'] as const;

/** First supported of VOICE_MEMO_TYPES; undefined if none. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return VOICE_MEMO_TYPES.find((type) => isTypeSupported(type));
}

/** True when this browser can record at all (navigator.mediaDevices.getUserMedia and window.MediaRecorder exist). */
export function canRecord(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof window.MediaRecorder === 'function'
  );
}

/** Why a recording could not start or finish. */
export type VoiceMemoError = 'denied' | 'no-microphone' | 'unsupported' | 'failed';

/** Classifies what getUserMedia or MediaRecorder threw. */
export function voiceMemoErrorOf(error: unknown): VoiceMemoError {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'no-microphone';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/** m:ss for a duration in milliseconds (whole seconds, rounded down). */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
