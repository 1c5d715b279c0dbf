import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { voiceMemoCopy as copy } from '../../../../content/voice-memo';
import {
  FakeAudioContext,
  FakeMediaRecorder,
  installMedia,
  mediaError,
} from '../../../../../test-support/web/media-fakes';
import type { VoiceMemo } from './voice-memo';
import VoiceMemoRecorder from './voice-memo-recorder';

/** The form's side of the contract: it holds the memo and passes it back. */
function Form({
  onChange,
  autoStart = true,
  initial = null,
}: {
  onChange: (memo: VoiceMemo | null) => void;
  autoStart?: boolean;
  initial?: VoiceMemo | null;
}) {
  const [memo, setMemo] = useState<VoiceMemo | null>(initial);
  return (
    <VoiceMemoRecorder
      memo={memo}
      autoStart={autoStart}
      onChange={(next) => {
        onChange(next);
        setMemo(next);
      }}
    />
  );
}

const flush = () => act(async () => {});
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const status = () => screen.getByRole('status');
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('VoiceMemoRecorder', () => {
  it('records on autoStart, stops on 정지 and hands over a blob of the recorder’s type with its duration', async () => {
    const media = installMedia();
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    expect(status().textContent).toBe(copy.requesting);
    await flush();

    expect(status().textContent).toBe(copy.recording);
    expect(document.activeElement).toBe(button(copy.stop));
    const [recorder] = FakeMediaRecorder.instances;
    expect(recorder?.options).toEqual({ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 32_000 });
    expect(recorder?.timeslice).toBe(1000);

    await advance(3_400);
    // The timer runs outside the live region; the level meter is hidden from assistive technology.
    expect(screen.getByText(/0:03 \/ 3:00/).closest('[aria-live="off"]')).toBeTruthy();
    expect(status().textContent).toBe(copy.recording);
    expect(document.querySelector('.origin-left')?.closest('[aria-hidden="true"]')).toBeTruthy();

    fireEvent.click(button(copy.stop));
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
    const memo = onChange.mock.calls[0]?.[0] as VoiceMemo;
    expect(memo.mimeType).toBe('audio/webm;codecs=opus');
    expect(memo.blob.type).toBe('audio/webm;codecs=opus');
    expect(await memo.blob.text()).toBe('first second last second');
    expect(memo.durationMs).toBe(3_400);

    expect(status().textContent).toBe('녹음 완료 (0:03)');
    expect(media.tracks[0]?.stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0]?.closed).toBe(true);
    expect(media.createObjectURL).toHaveBeenCalledWith(memo.blob);
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('blob:memo-1');
    expect(document.activeElement).toBe(screen.getByRole('group', { name: '녹음 완료 (0:03)' }));
    expect(button(copy.rerecord).getAttribute('type')).toBe('button');
  });

  it('stops by itself at 3 minutes and says so', async () => {
    const media = installMedia();
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    await flush();
    await advance(179_000);
    expect(onChange).not.toHaveBeenCalled();
    await advance(1_000);

    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0]?.[0] as VoiceMemo).durationMs).toBe(180_000);
    expect(status().textContent).toBe(`${copy.limitReached} 녹음 완료 (3:00)`);
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive');
    expect(media.tracks[0]?.stop).toHaveBeenCalled();
  });

  it('explains a refused microphone, hands nothing over, and tries again on request', async () => {
    let refuse = true;
    const media = installMedia({
      getUserMedia: async () => {
        if (refuse) throw mediaError('NotAllowedError');
        return { getTracks: () => [] } as unknown as MediaStream;
      },
    });
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    await flush();

    expect(status().textContent).toBe(copy.errors.denied);
    expect(status().textContent).toContain('글로 적어');
    expect(onChange).not.toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(document.activeElement).toBe(button(copy.retry));

    refuse = false;
    fireEvent.click(button(copy.retry));
    await flush();
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
    expect(status().textContent).toBe(copy.recording);
  });

  it('explains a missing microphone', async () => {
    installMedia({ getUserMedia: () => Promise.reject(mediaError('NotFoundError')) });
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    await flush();
    expect(status().textContent).toBe(copy.errors['no-microphone']);
    expect(onChange).not.toHaveBeenCalled();
    expect(button(copy.retry)).toBeTruthy();
  });

  it('explains a browser that records no supported type, without asking for the microphone', async () => {
    const media = installMedia();
    FakeMediaRecorder.supported = new Set();
    render(<Form onChange={vi.fn()} />);
    await flush();
    expect(status().textContent).toBe(copy.errors.unsupported);
    expect(media.getUserMedia).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('다시 녹음 replaces the memo; 삭제 clears it and gives the focus back to the start button', async () => {
    const media = installMedia();
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    await flush();
    await advance(2_000);
    fireEvent.click(button(copy.stop));
    await flush();
    const first = onChange.mock.calls[0]?.[0] as VoiceMemo;

    fireEvent.click(button(copy.rerecord));
    await flush();
    expect(status().textContent).toBe(copy.recording);
    await advance(5_000);
    fireEvent.click(button(copy.stop));
    await flush();
    const second = onChange.mock.calls[1]?.[0] as VoiceMemo;
    expect(second).not.toBe(first);
    expect(second.durationMs).toBe(5_000);
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    expect(media.tracks.every((track) => vi.mocked(track.stop).mock.calls.length > 0)).toBe(true);
    expect(media.revokeObjectURL).toHaveBeenCalledWith('blob:memo-1');
    expect(status().textContent).toBe('녹음 완료 (0:05)');

    fireEvent.click(button(copy.remove));
    await flush();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(document.querySelector('audio')).toBeNull();
    expect(media.revokeObjectURL).toHaveBeenCalledWith('blob:memo-2');
    expect(status().textContent).toBe(copy.removed);
    expect(document.activeElement).toBe(button(copy.start));
  });

  it('shows a kept memo without recording, and releases the microphone when unmounted mid-recording', async () => {
    const media = installMedia();
    const memo: VoiceMemo = { blob: new Blob(['x'], { type: 'audio/mp4' }), mimeType: 'audio/mp4', durationMs: 61_000 };
    const onChange = vi.fn();
    const { unmount } = render(<Form onChange={onChange} initial={memo} />);
    await flush();
    expect(media.getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: '녹음 완료 (1:01)' })).toBeTruthy();

    fireEvent.click(button(copy.rerecord));
    await flush();
    expect(status().textContent).toBe(copy.recording);
    unmount();
    expect(media.tracks[0]?.stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0]?.closed).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disables its buttons while the form is sending', async () => {
    installMedia();
    const memo: VoiceMemo = { blob: new Blob(['x']), mimeType: 'audio/webm', durationMs: 1_000 };
    render(<VoiceMemoRecorder memo={memo} onChange={vi.fn()} disabled />);
    await flush();
    expect((button(copy.rerecord) as HTMLButtonElement).disabled).toBe(true);
    expect((button(copy.remove) as HTMLButtonElement).disabled).toBe(true);
  });
});
