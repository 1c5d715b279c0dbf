/**
 * The voice memo of the founder's answer on the status page (issue 35), an island on a page the server renders
 * (server/thread/thread-html.ts). Without this script the answer form's plain file input sends a file. With it, where
 * the browser can record, the idea form's own recorder (features/voice-memo: record, listen back, re-record, the
 * 3-minute stop and its Korean messages) takes the file input's place and fills that same field with the recording
 * (through a DataTransfer), and VOICE_MEMO_DURATION_FIELD with its length: the form still posts as a plain multipart
 * form, and the server checks the memo as it checks the idea form's (the container's bytes, the size, the length).
 * Its entry is src/web/site/status-answer.tsx.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { answerErrors } from '../../../../content/thread';
import { AUDIO_CONTAINERS, VOICE_MEMO_DURATION_FIELD, VOICE_MEMO_MAX_BYTES } from '../../../../domain/voice-memo';
import { canRecord, type VoiceMemo } from '../voice-memo/voice-memo';
import { VoiceMemoSlot } from '../voice-memo/voice-memo-slot';

/** The recording as the file a file input would hold, named by its container as the idea form names it. */
function memoFile(memo: VoiceMemo): File {
  const container =
    Object.values(AUDIO_CONTAINERS).find((candidate) => memo.mimeType.startsWith(candidate.mimeType)) ??
    AUDIO_CONTAINERS.webm;
  return new File([memo.blob], `memo.${container.extension}`, { type: container.mimeType });
}

interface AnswerMemoProps {
  /** Puts the recording (or nothing) into the form's own fields: the file input and the length. */
  fill: (memo: VoiceMemo | null) => void;
  describedBy: string | undefined;
}

export function AnswerMemo({ fill, describedBy }: AnswerMemoProps) {
  const [memo, setMemo] = useState<VoiceMemo | null>(null);
  const [error, setError] = useState('');
  const change = (next: VoiceMemo | null) => {
    // The server's limit, said before the upload rather than after it.
    const tooLarge = next !== null && next.blob.size > VOICE_MEMO_MAX_BYTES;
    setError(tooLarge ? answerErrors.memoTooLarge(Math.round(VOICE_MEMO_MAX_BYTES / (1024 * 1024))) : '');
    const kept = tooLarge ? null : next;
    fill(kept);
    setMemo(kept);
  };
  return (
    <div data-answer-recorder>
      <VoiceMemoSlot memo={memo} onChange={change} describedBy={describedBy} />
      {error ? (
        <p className="err" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Puts the recorder in the answer form's memo field; true when it did (the browser can record and fill a file input). */
export function enhanceAnswerForm(root: ParentNode = document): boolean {
  const form = root.querySelector<HTMLFormElement>('form[data-answer-form]');
  const field = form?.querySelector<HTMLElement>('[data-answer-memo]');
  const input = field?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!form || !field || !input || !canRecord() || typeof DataTransfer !== 'function') return false;
  const duration = document.createElement('input');
  duration.type = 'hidden';
  duration.name = VOICE_MEMO_DURATION_FIELD;
  form.append(duration);
  const mount = document.createElement('div');
  input.hidden = true;
  input.after(mount);
  const fill = (memo: VoiceMemo | null) => {
    const files = new DataTransfer();
    if (memo) files.items.add(memoFile(memo));
    input.files = files.files;
    duration.value = memo ? String(Math.round(memo.durationMs)) : '';
  };
  createRoot(mount).render(
    <AnswerMemo fill={fill} describedBy={input.getAttribute('aria-describedby') ?? undefined} />,
  );
  form.dataset.recorder = 'ready';
  return true;
}
