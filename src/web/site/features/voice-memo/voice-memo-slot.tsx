/**
 * The voice memo's place in the idea form, part of the form's initial code: only the "음성 메모 녹음" button.
 * The recorder loads on first use (or at once when the form still holds a memo). Browsers that cannot record
 * get a short explanation instead, decided after hydration so the server and first client render match.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { voiceMemoCopy as copy } from '../../../../content/voice-memo';
import { buttonStyles } from '../../ui/button-styles';
import { cn } from '../../ui/cn';
import { canRecord, type VoiceMemo } from './voice-memo';

const loadRecorder = () => import('./voice-memo-recorder');
/** Whether the browser can record does not change while the page is open. */
const neverChanges = () => () => {};
const VoiceMemoRecorder = lazy(loadRecorder);

export interface VoiceMemoSlotProps {
  memo: VoiceMemo | null;
  onChange: (memo: VoiceMemo | null) => void;
  disabled?: boolean;
  describedBy?: string;
}

export function VoiceMemoSlot({ memo, onChange, disabled = false, describedBy }: VoiceMemoSlotProps) {
  // Offered in the prerendered HTML; once hydrated, only where the browser can record.
  const supported = useSyncExternalStore(neverChanges, canRecord, () => true);
  const [opened, setOpened] = useState(false);

  const startButton = (loading: boolean) => (
    <button
      type="button"
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-describedby={describedBy}
      onClick={loading ? undefined : () => setOpened(true)}
      onPointerEnter={() => void loadRecorder()}
      onFocus={() => void loadRecorder()}
      className={cn(buttonStyles.secondary, buttonStyles.sizeSm)}
    >
      <span aria-hidden="true" className="size-2.5 rounded-full bg-red-600" />
      {copy.start}
    </button>
  );

  return (
    <div className="voice-memo-slot mt-3">
      {!supported && !memo ? (
        <p className="text-sm text-slate-600">{copy.unsupportedBrowser}</p>
      ) : opened || memo ? (
        <Suspense fallback={startButton(true)}>
          <VoiceMemoRecorder memo={memo} onChange={onChange} autoStart={opened} disabled={disabled} />
        </Suspense>
      ) : (
        startButton(false)
      )}
    </div>
  );
}
