import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { voiceMemoCopy as copy } from '../../../../content/voice-memo';
import { FakeMediaRecorder, installMedia, setMediaDevices } from '../../../../../test-support/web/media-fakes';
import type { VoiceMemo } from './voice-memo';
import { VoiceMemoSlot } from './voice-memo-slot';

describe('VoiceMemoSlot', () => {
  it('renders the start button on the server, described by the form’s hint', () => {
    const html = renderToString(<VoiceMemoSlot memo={null} onChange={() => {}} describedBy="idea-hint" />);
    expect(html).toContain('class="voice-memo-slot');
    expect(html).toContain(copy.start);
    expect(html).toContain('aria-describedby="idea-hint"');
    expect(html).toContain('type="button"');
  });

  it('explains, once hydrated, that this browser cannot record', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    setMediaDevices(undefined);
    const { container } = render(<VoiceMemoSlot memo={null} onChange={() => {}} />);
    expect(await screen.findByText(copy.unsupportedBrowser)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('.voice-memo-slot')).toBeTruthy();
  });

  it('loads the recorder on the first click and starts recording at once (also under StrictMode)', async () => {
    const media = installMedia();
    const user = userEvent.setup();
    render(
      <StrictMode>
        <VoiceMemoSlot memo={null} onChange={() => {}} />
      </StrictMode>,
    );
    expect(media.getUserMedia).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: copy.start }));
    expect(await screen.findByRole('button', { name: copy.stop })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(copy.recording);
    // StrictMode's remount asked twice; the first stream was let go at once.
    expect(FakeMediaRecorder.instances.filter((recorder) => recorder.state === 'recording')).toHaveLength(1);
    expect(media.tracks.filter((track) => vi.mocked(track.stop).mock.calls.length === 0)).toHaveLength(1);
  });

  it('shows a memo the form kept, ready to listen to', async () => {
    installMedia();
    const memo: VoiceMemo = {
      blob: new Blob(['x'], { type: 'audio/webm' }),
      mimeType: 'audio/webm',
      durationMs: 4_000,
    };
    render(<VoiceMemoSlot memo={memo} onChange={() => {}} />);
    expect(await screen.findByRole('button', { name: copy.rerecord })).toBeTruthy();
    await act(async () => {});
    expect(document.querySelector('audio')).toBeTruthy();
    expect(screen.getByRole('group', { name: '녹음 완료 (0:04)' })).toBeTruthy();
  });
});
