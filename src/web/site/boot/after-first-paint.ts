/**
 * Runs `start` once, as soon as the browser has painted the prerendered page (docs/decisions/060): when
 * `first-contentful-paint` is reported, after a short fallback (no paint timing, hidden tab), or at once when the
 * visitor starts to interact (pointer, key, focus, touch), whichever comes first. Keeps the page's code and font
 * off the critical path of the first paint without making an early visitor wait for it.
 */
export const startEvents = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

export interface AfterFirstPaintOptions {
  /** Milliseconds after which `start` runs even without a paint report. */
  fallbackMs?: number;
  target?: Window;
}

export function afterFirstPaint(
  start: () => void,
  { fallbackMs = 1500, target = window }: AfterFirstPaintOptions = {},
) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const timer = target.setTimeout(run, fallbackMs);
  const listen = { capture: true, passive: true } as const;

  function run() {
    if (done) return;
    done = true;
    target.clearTimeout(timer);
    observer?.disconnect();
    for (const type of startEvents) target.removeEventListener(type, run, listen);
    start();
  }

  for (const type of startEvents) target.addEventListener(type, run, listen);
  const Observer = (target as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    observer = new Observer((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  return run;
}
