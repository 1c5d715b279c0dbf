/**
 * The recording itself: asks for the microphone, records with MediaRecorder, ticks the timer and the level,
 * stops at VOICE_MEMO_MAX_MS, and hands the finished memo to `onRecorded`. The memo is the caller's to keep;
 * this hook only knows whether it is idle, waiting for the microphone, or recording, and the last error.
 * Every track, timer and AudioContext is released when a recording ends and on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { openLevelMeter, type LevelMeter } from './level-meter';
import {
  canRecord,
  pickRecordingType,
  voiceMemoErrorOf,
  VOICE_MEMO_BITS_PER_SECOND,
  VOICE_MEMO_MAX_MS,
  type VoiceMemo,
  type VoiceMemoError,
} from './voice-memo';

const TICK_MS = 100;

export type RecorderStatus = 'idle' | 'requesting' | 'recording';

export interface RecorderState {
  status: RecorderStatus;
  error: VoiceMemoError | null;
  /** The last recording ended at the 3-minute limit. */
  stoppedAtLimit: boolean;
}

/** One attempt, from asking for the microphone to the finished blob. */
interface Session {
  closed: boolean;
  stream?: MediaStream;
  recorder?: MediaRecorder;
  meter?: LevelMeter | null;
  startedAt: number;
  durationMs: number;
  atLimit: boolean;
  ticker?: number;
  limitTimer?: number;
}

const idle: RecorderState = { status: 'idle', error: null, stoppedAtLimit: false };

export function useVoiceRecorder(onRecorded: (memo: VoiceMemo) => void) {
  const [state, setState] = useState<RecorderState>(idle);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const current = useRef<Session | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  /** Ends the session's hold on the microphone: timers, tracks, AudioContext. Safe to call twice. */
  const release = useCallback((session: Session) => {
    session.closed = true;
    window.clearInterval(session.ticker);
    window.clearTimeout(session.limitTimer);
    session.stream?.getTracks().forEach((track) => track.stop());
    session.meter?.close();
    session.meter = null;
    if (current.current === session) current.current = null;
  }, []);

  const stopSession = useCallback((session: Session, atLimit: boolean) => {
    const recorder = session.recorder;
    if (session.closed || !recorder || recorder.state === 'inactive') return;
    session.durationMs = Math.min(performance.now() - session.startedAt, VOICE_MEMO_MAX_MS);
    session.atLimit = atLimit;
    window.clearInterval(session.ticker);
    window.clearTimeout(session.limitTimer);
    recorder.stop(); // the last chunk arrives, then `stop`, which finishes the memo
  }, []);

  const start = useCallback(async () => {
    if (current.current) return;
    const mimeType = canRecord() ? pickRecordingType((type) => MediaRecorder.isTypeSupported(type)) : undefined;
    if (!mimeType) {
      setState({ ...idle, error: 'unsupported' });
      return;
    }
    const session: Session = { closed: false, startedAt: 0, durationMs: 0, atLimit: false };
    current.current = session;
    setState({ ...idle, status: 'requesting' });
    setElapsedMs(0);
    setLevel(0);
    try {
      session.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (session.closed) return release(session); // unmounted while the browser asked
      const recorder = new MediaRecorder(session.stream, { mimeType, audioBitsPerSecond: VOICE_MEMO_BITS_PER_SECOND });
      session.recorder = recorder;
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        if (session.closed) return;
        release(session);
        const type = recorder.mimeType || mimeType;
        const blob = new Blob(chunks, { type });
        if (blob.size === 0) {
          setState({ ...idle, error: 'failed' });
          return;
        }
        setState({ ...idle, stoppedAtLimit: session.atLimit });
        onRecordedRef.current({ blob, mimeType: type, durationMs: Math.round(session.durationMs) });
      };
      recorder.onerror = () => {
        if (session.closed) return;
        release(session);
        setState({ ...idle, error: 'failed' });
      };
      session.meter = openLevelMeter(session.stream);
      recorder.start(1000);
      session.startedAt = performance.now();
      session.ticker = window.setInterval(() => {
        setElapsedMs(performance.now() - session.startedAt);
        setLevel(session.meter?.read() ?? 0);
      }, TICK_MS);
      session.limitTimer = window.setTimeout(() => stopSession(session, true), VOICE_MEMO_MAX_MS);
      setState({ ...idle, status: 'recording' });
    } catch (error) {
      if (session.closed) return release(session);
      release(session);
      setState({ ...idle, error: voiceMemoErrorOf(error) });
    }
  }, [release, stopSession]);

  const stop = useCallback(() => {
    if (current.current) stopSession(current.current, false);
  }, [stopSession]);

  // Unmount: drop the recording in progress, if any, without handing it over.
  useEffect(
    () => () => {
      const session = current.current;
      if (!session) return;
      const recorder = session.recorder;
      release(session);
      if (recorder && recorder.state !== 'inactive') recorder.stop();
    },
    [release],
  );

  return { ...state, elapsedMs, level, start, stop };
}
