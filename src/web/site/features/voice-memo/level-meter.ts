/**
 * The microphone level while recording: an AudioContext AnalyserNode on the stream, read as a 0–1 loudness.
 * Optional: where AudioContext is missing or fails, the meter stays at zero and recording goes on.
 */

export interface LevelMeter {
  /** Current loudness, 0 (silence) to 1. */
  read(): number;
  close(): void;
}

type AudioContextClass = typeof AudioContext;

export function openLevelMeter(stream: MediaStream): LevelMeter | null {
  const Context: AudioContextClass | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!Context) return null;
  try {
    const context = new Context();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    return {
      read() {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        // Speech RMS sits well below 1; scale it so talking fills most of the bar.
        return Math.min(1, Math.sqrt(sum / samples.length) * 4);
      },
      close() {
        try {
          void Promise.resolve(context.close()).catch(() => {});
        } catch {
          // Already closed.
        }
      },
    };
  } catch {
    return null;
  }
}
