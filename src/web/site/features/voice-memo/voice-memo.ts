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

// The limits are the idea contract's (the server holds the memo to them too).
export {
  VOICE_MEMO_BITS_PER_SECOND,
  VOICE_MEMO_MAX_MS,
  formatMemoDuration as formatClock,
} from '../../../../domain/voice-memo';

/** Recording types in order of preference (Opus first; Safari records MP4). */
export const VOICE_MEMO_TYPES = [
  'audio/webm;codecs=opus',
  'audio/mp4;codecs=opus',
  'audio/mp4',
  'audio/ogg;codecs=opus',
] as const;

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
