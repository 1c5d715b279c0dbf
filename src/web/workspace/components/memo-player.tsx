/**
 * A voice memo's player (issue 47, item 14). A WebM from the browser's MediaRecorder has no duration in its header:
 * the browser's own controls show an endless length and cannot seek. The page already knows the length (the
 * recorder's, stored with the memo), so this player draws its own controls from it: play and pause, a slider to
 * seek (keyboard and touch: a native range input) and the time. A file that declares its own length (a phone's MP4)
 * uses that; a memo of unknown length keeps the browser's controls.
 */
import { useRef, useState } from 'react';
import { memoPlayerCopy as copy } from '../../../content/workspace';
import { formatMemoDuration } from '../../../domain/voice-memo';

const button = 'min-h-11 min-w-11 rounded-lg border border-slate-400 bg-white px-3 font-medium hover:bg-slate-50';

export function MemoPlayer({ src, durationMs }: { src: string; durationMs: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [declared, setDeclared] = useState<number | null>(null);
  const total = declared ?? durationMs / 1000;
  if (!(total > 0))
    return (
      <audio controls preload="none" src={src} className="w-full">
        <track kind="captions" />
      </audio>
    );
  const time = (seconds: number) => formatMemoDuration(seconds * 1000);
  const at = Math.min(position, total);
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="memo-player">
      <audio
        ref={audio}
        preload="none"
        src={src}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          if (Number.isFinite(length) && length > 0) setDeclared(length);
        }}
      >
        <track kind="captions" />
      </audio>
      <button
        type="button"
        className={button}
        onClick={() => {
          const element = audio.current!;
          if (element.paused) void element.play().catch(() => setPlaying(false));
          else element.pause();
        }}
      >
        {playing ? copy.pause : copy.play}
      </button>
      <input
        type="range"
        className="h-11 min-w-40 flex-1 accent-indigo-700"
        min={0}
        max={total}
        step={0.1}
        value={at}
        aria-label={copy.position}
        aria-valuetext={copy.time(time(at), time(total))}
        onChange={(event) => {
          const seconds = Number(event.target.value);
          audio.current!.currentTime = seconds;
          setPosition(seconds);
        }}
      />
      <span className="font-mono text-sm text-slate-700" data-testid="memo-time">
        {copy.time(time(at), time(total))}
      </span>
    </div>
  );
}
