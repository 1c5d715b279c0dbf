/**
 * Test doubles for what jsdom lacks: MediaRecorder, getUserMedia, AudioContext and object URLs.
 * `installMedia()` stubs them all for the current test (call it inside the test).
 */
import { onTestFinished, vi } from 'vitest';

export class FakeMediaRecorder {
  static supported = new Set<string>(['audio/webm;codecs=opus']);
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.has(type);
  static instances: FakeMediaRecorder[] = [];

  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
    this.ondataavailable?.({ data: new Blob(['first second '], { type: this.mimeType }) });
  }

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['last second'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  closed = false;
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createAnalyser() {
    return { fftSize: 2048, getByteTimeDomainData: (samples: Uint8Array) => samples.fill(160) };
  }
  createMediaStreamSource() {
    return { connect: () => {} };
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

export function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

/** Stubs the media APIs; getUserMedia resolves with a fresh fake stream unless `getUserMedia` says otherwise. */
export function installMedia(options: { getUserMedia?: () => Promise<MediaStream> } = {}) {
  FakeMediaRecorder.supported = new Set(['audio/webm;codecs=opus']);
  FakeMediaRecorder.instances = [];
  FakeAudioContext.instances = [];
  const tracks: Array<{ stop: () => void }> = [];
  const getUserMedia = vi.fn(
    options.getUserMedia ??
      (async () => {
        const { stream, track } = fakeStream();
        tracks.push(track);
        return stream;
      }),
  );
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  setMediaDevices({ getUserMedia });
  const createObjectURL = vi.fn((_blob: Blob) => `blob:memo-${createObjectURL.mock.calls.length}`);
  const revokeObjectURL = vi.fn();
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true, writable: true });
  return { getUserMedia, tracks, createObjectURL, revokeObjectURL };
}

/** Puts `navigator.mediaDevices` in place (jsdom has none) until the test ends. */
export function setMediaDevices(mediaDevices: Partial<MediaDevices> | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  onTestFinished(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });
}

/** A DOMException-like error with the given name (what getUserMedia rejects with). */
export const mediaError = (name: string) => Object.assign(new Error(name), { name });
