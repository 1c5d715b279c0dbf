import { describe, expect, it, vi } from 'vitest';
import { voiceMemoCopy } from '../../../../content/voice-memo';
import { canRecord, formatClock, pickRecordingType, voiceMemoErrorOf, VOICE_MEMO_TYPES } from './voice-memo';
import { installMedia, mediaError, setMediaDevices } from '../../../../../test-support/web/media-fakes';

describe('pickRecordingType', () => {
  it('takes the first supported type in order of preference', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((type) => type !== 'audio/webm;codecs=opus')).toBe('audio/mp4;codecs=opus');
    expect(pickRecordingType((type) => type === 'audio/mp4' || type === 'audio/ogg;codecs=opus')).toBe('audio/mp4');
    expect(pickRecordingType((type) => type === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingType(() => false)).toBeUndefined();
  });

  it('asks about each type in that order', () => {
    const asked: string[] = [];
    pickRecordingType((type) => (asked.push(type), false));
    expect(asked).toEqual([...VOICE_MEMO_TYPES]);
  });
});

describe('canRecord', () => {
  it('is false in a browser without getUserMedia or MediaRecorder, true with both', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    setMediaDevices(undefined);
    expect(canRecord()).toBe(false);
    installMedia();
    expect(canRecord()).toBe(true);
    vi.stubGlobal('MediaRecorder', undefined);
    expect(canRecord()).toBe(false);
  });
});

describe('voiceMemoErrorOf', () => {
  it('classifies what the browser throws', () => {
    expect(voiceMemoErrorOf(mediaError('NotAllowedError'))).toBe('denied');
    expect(voiceMemoErrorOf(mediaError('SecurityError'))).toBe('denied');
    expect(voiceMemoErrorOf(mediaError('NotFoundError'))).toBe('no-microphone');
    expect(voiceMemoErrorOf(mediaError('OverconstrainedError'))).toBe('no-microphone');
    expect(voiceMemoErrorOf(mediaError('NotSupportedError'))).toBe('unsupported');
    expect(voiceMemoErrorOf(mediaError('NotReadableError'))).toBe('failed');
    expect(voiceMemoErrorOf('nonsense')).toBe('failed');
  });
});

describe('formatClock and the copy', () => {
  it('shows m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(3_400)).toBe('0:03');
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(180_000)).toBe('3:00');
    expect(voiceMemoCopy.recorded(formatClock(3_000))).toBe('녹음 완료 (0:03)');
  });
});
