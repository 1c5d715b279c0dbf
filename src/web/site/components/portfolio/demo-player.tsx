import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { demoDialog } from '../../../../content/home';
import { DEMO_SIZE, type PortfolioItem } from '../../../../content/portfolio';
import { cn } from '../../ui/cn';
import { DemoLoading, demoBox } from './demo-frame';

type Status = 'loading' | 'loaded' | 'failed';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** A cache-busting stamp, strictly increasing so every restart requests a new `?t=`. */
function nextStamp(previous = 0): number {
  return Math.max(Date.now(), previous + 1);
}

/**
 * The looping demo animation with loading / loaded / failed states and a play-pause toggle.
 * Pausing paints the current frame onto a canvas over the image (a still); resuming requests `gifUrl?t=<new>`,
 * which restarts the animation from its first frame.
 */
export function DemoPlayer({ item }: { item: PortfolioItem }) {
  const [stamp, setStamp] = useState(() => nextStamp());
  const [status, setStatus] = useState<Status>('loading');
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [still, setStill] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // For the image's load event, which may come before the render that follows a toggle has run its effects.
  const playingRef = useRef(playing);
  useLayoutEffect(() => {
    playingRef.current = playing;
  }, [playing]);

  /** Paints the image's current frame onto the canvas; returns false when it cannot. */
  const freeze = (): boolean => {
    const img = image.current;
    const target = canvas.current;
    if (!img || !target || !img.complete || img.naturalWidth === 0) return false;
    target.width = img.naturalWidth;
    target.height = img.naturalHeight;
    const context = target.getContext('2d');
    if (!context) return false;
    context.drawImage(img, 0, 0);
    setStill(true);
    return true;
  };

  const onLoad = () => {
    setStatus('loaded');
    if (playingRef.current) setStill(false);
    else freeze();
  };

  // An image served from memory can finish before React attaches its handler.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth > 0) onLoad();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);

  const toggle = () => {
    if (playing) {
      setPlaying(false);
      freeze();
    } else {
      setPlaying(true);
      // The still stays on top until the restarted animation has loaded.
      setStamp((previous) => nextStamp(previous));
    }
  };

  const retry = () => {
    setStatus('loading');
    setStill(false);
    setStamp((previous) => nextStamp(previous));
  };

  const alt = demoDialog.imageAlt(item.title);

  return (
    <div className={demoBox.className} style={demoBox.style} data-status={status} data-playing={playing}>
      {status === 'failed' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-10 text-slate-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <rect x="3" y="4" width="18" height="14" rx="2" />
            <path d="M3 15l5-5 4 4 3-3 6 6" />
          </svg>
          <p className="text-base font-semibold text-slate-700">{demoDialog.failed}</p>
          <button
            type="button"
            onClick={retry}
            className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {demoDialog.retry}
          </button>
        </div>
      ) : (
        <>
          <img
            ref={image}
            src={`${item.gifUrl}?t=${stamp}`}
            alt={alt}
            width={DEMO_SIZE.width}
            height={DEMO_SIZE.height}
            decoding="async"
            onLoad={onLoad}
            onError={() => setStatus('failed')}
            className={cn('block h-full w-full object-contain', status === 'loading' && !still && 'opacity-0')}
          />
          <canvas
            ref={canvas}
            aria-hidden="true"
            className={cn('absolute inset-0 h-full w-full object-contain', !still && 'hidden')}
          />
          {status === 'loading' && !still ? <DemoLoading /> : null}
          <button
            type="button"
            onClick={toggle}
            aria-label={playing ? demoDialog.pause : demoDialog.play}
            className="absolute right-3 bottom-3 grid size-11 place-items-center rounded-full bg-slate-900/75 text-white shadow-lg backdrop-blur hover:bg-slate-900"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
              {playing ? (
                <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
              ) : (
                <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.5A1 1 0 0 0 8 5.5Z" />
              )}
            </svg>
          </button>
        </>
      )}
    </div>
  );
}
