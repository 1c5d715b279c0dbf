/**
 * The voice memo control (loaded on first use): start, a running timer and level while recording, then the
 * recording to listen back to with 다시 녹음 and 삭제. One polite live region announces each change of state;
 * focus follows the visitor's task (정지 while recording, the recording after it, the start button after 삭제).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { voiceMemoCopy as copy } from '../../../../content/voice-memo';
import { buttonStyles } from '../../ui/button-styles';
import { cn } from '../../ui/cn';
import { useVoiceRecorder, type RecorderState } from './use-voice-recorder';
import { formatClock, VOICE_MEMO_MAX_MS, type VoiceMemo } from './voice-memo';

export interface VoiceMemoRecorderProps {
  memo: VoiceMemo | null;
  onChange: (memo: VoiceMemo | null) => void;
  autoStart?: boolean;
  disabled?: boolean;
}

const buttonClass = cn(buttonStyles.secondary, buttonStyles.sizeSm);

/** An object URL for the memo's blob, revoked when the memo changes or the control goes away. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // The effect owns the URL's lifetime (made here, revoked in the cleanup); one made during render would leak.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!blob) return setUrl(undefined);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** What the live region says for the current state ('' when there is nothing to say). */
function announcementOf(
  state: Pick<RecorderState, 'status' | 'error' | 'stoppedAtLimit'> & { removed: boolean; clock: string | null },
): string {
  if (state.status === 'requesting') return copy.requesting;
  if (state.status === 'recording') return copy.recording;
  if (state.error) return copy.errors[state.error];
  if (state.clock !== null)
    return state.stoppedAtLimit ? `${copy.limitReached} ${copy.recorded(state.clock)}` : copy.recorded(state.clock);
  return state.removed ? copy.removed : '';
}

export default function VoiceMemoRecorder({
  memo,
  onChange,
  autoStart = false,
  disabled = false,
}: VoiceMemoRecorderProps) {
  const recorder = useVoiceRecorder(onChange);
  const { status, error, stoppedAtLimit } = recorder;
  const [removed, setRemoved] = useState(false);
  const url = useObjectUrl(memo?.blob);
  const labelId = useId();
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const recordedGroup = useRef<HTMLDivElement>(null);
  const previousStatus = useRef(status);

  const start = () => {
    setRemoved(false);
    void recorder.start();
  };

  // Mount only: autoStart means "the visitor just asked for a recording" (the tap that loaded this component).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (autoStart && !memo) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus follows the state: 정지 while recording, then the recording (or 다시 시도 after an error).
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (status === 'recording') stopButton.current?.focus();
    else if (status === 'idle' && error) retryButton.current?.focus();
    else if (status === 'idle' && was === 'recording') recordedGroup.current?.focus();
  }, [status, error]);

  const remove = () => {
    onChange(null);
    setRemoved(true);
  };
  // After 삭제 the start button takes the focus back.
  useEffect(() => {
    if (removed && !memo) startButton.current?.focus();
  }, [removed, memo]);

  const clock = memo ? formatClock(memo.durationMs) : '';
  const message = announcementOf({ status, error, stoppedAtLimit, removed, clock: memo ? clock : null });
  // The recording's own label already shows "녹음 완료 (m:ss)"; then the live region only speaks.
  const messageHidden = memo && status === 'idle' && !error && !stoppedAtLimit;

  return (
    <div className="voice-memo-recorder space-y-3">
      {status === 'recording' ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3">
          <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-red-600" />
          <span aria-live="off" className="font-semibold text-slate-900 tabular-nums">
            <span className="sr-only">{copy.timerLabel} </span>
            {formatClock(recorder.elapsedMs)} / {formatClock(VOICE_MEMO_MAX_MS)}
          </span>
          <span aria-hidden="true" className="h-2 w-24 overflow-hidden rounded-full bg-red-100">
            <span
              className="block h-full origin-left rounded-full bg-red-600 transition-transform duration-100"
              style={{ transform: `scaleX(${recorder.level})` }}
            />
          </span>
          <button ref={stopButton} type="button" onClick={recorder.stop} className={cn(buttonClass, 'ml-auto')}>
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-slate-900" />
            {copy.stop}
          </button>
        </div>
      ) : null}

      {status === 'idle' && memo ? (
        <div
          ref={recordedGroup}
          role="group"
          aria-labelledby={labelId}
          tabIndex={-1}
          className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
        >
          <p id={labelId} className="text-sm font-semibold text-slate-900">
            {copy.recorded(clock)}
          </p>
          {/* The visitor's own recording, played back to them: there is no caption to give. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          {url ? <audio controls src={url} preload="metadata" className="w-full" /> : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={start} disabled={disabled} className={buttonClass}>
              {copy.rerecord}
            </button>
            <button
              type="button"
              onClick={remove}
              disabled={disabled}
              className={cn(buttonStyles.ghost, buttonStyles.sizeSm)}
            >
              {copy.remove}
            </button>
          </div>
        </div>
      ) : null}

      {status === 'idle' && error && error !== 'unsupported' ? (
        <button ref={retryButton} type="button" onClick={start} disabled={disabled} className={buttonClass}>
          {copy.retry}
        </button>
      ) : null}

      {status === 'idle' && !memo && !error ? (
        <button ref={startButton} type="button" onClick={start} disabled={disabled} className={buttonClass}>
          <span aria-hidden="true" className="size-2.5 rounded-full bg-red-600" />
          {copy.start}
        </button>
      ) : null}

      <p
        role="status"
        aria-live="polite"
        className={cn('text-sm', error ? 'font-medium text-red-700' : 'text-slate-600', messageHidden && 'sr-only')}
      >
        {message}
      </p>
    </div>
  );
}
