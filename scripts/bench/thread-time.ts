/**
 * How long the page's main thread really ran during a Lighthouse run, next to how long its tasks took
 * (docs/decisions/044). Every trace event carries its wall time (`dur`) and the CPU time its thread got meanwhile
 * (`tdur`). Lighthouse's TBT is built from wall time, so a task that waited for a core — on a two-core machine
 * while the browser composites in software and records the filmstrip's screenshots — counts as if the page had
 * worked all along. The report also gives the CPU those two busiest helpers of the run took, and the screenshot
 * count, from the same trace.
 */

/** The fields of Chrome trace events read here. */
export interface ThreadEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

export interface ThreadTime {
  /** CPU time of the page's main-thread tasks, ms. */
  mainCpu: number;
  /** Wall time of the same tasks, ms. */
  mainWall: number;
  /** CPU time of the GPU process's compositor thread (software compositing), ms. */
  compositorCpu: number;
  /** CPU time of the browser process's main thread, ms. */
  browserCpu: number;
  /** Screenshots recorded for Lighthouse's filmstrip. */
  screenshots: number;
}

/** How long after the page's navigation the sums run: past Lighthouse's TTI on this site's pages. */
export const THREAD_WINDOW_MS = 3_000;

/** The top-level task events of every Chrome thread (one per task, the ones with `tdur`). */
export const isTask = (event: ThreadEvent) => event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');

/** The page's navigation: the last main-frame navigation to an http(s) URL (Lighthouse loads about:blank first). */
export function pageNavigation(events: readonly ThreadEvent[]): ThreadEvent | undefined {
  return events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? ''))
    .at(-1);
}

/**
 * Sums the tasks that start in the `windowMs` after the page's navigation (the last main-frame navigation to an
 * http(s) URL in the trace). Undefined when the trace has no such navigation.
 */
export function threadTime(events: readonly ThreadEvent[], windowMs = THREAD_WINDOW_MS): ThreadTime | undefined {
  const navigation = pageNavigation(events);
  if (!navigation) return undefined;
  const threadNames = new Map<string, string>();
  const processNames = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? '');
  }
  const from = navigation.ts;
  const to = from + windowMs * 1000;
  const result: ThreadTime = { mainCpu: 0, mainWall: 0, compositorCpu: 0, browserCpu: 0, screenshots: 0 };
  /** Per thread, where the last counted task ended: a task inside it (a nested run loop) is not counted twice. */
  const countedUntil = new Map<string, number>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ts < from || e.ts > to) continue;
    if (e.name === 'Screenshot') result.screenshots++;
    // A task without thread time cannot say how much of it was waiting: left out of both sums.
    if (!isTask(e) || e.tdur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (e.ts < (countedUntil.get(key) ?? -Infinity)) continue;
    countedUntil.set(key, e.ts + (e.dur ?? 0));
    const cpu = e.tdur / 1000;
    const thread = threadNames.get(key);
    const process = processNames.get(e.pid);
    if (e.pid === navigation.pid && e.tid === navigation.tid) {
      result.mainCpu += cpu;
      result.mainWall += (e.dur ?? 0) / 1000;
    } else if (thread === 'VizCompositorThread' && process === 'GPU Process') result.compositorCpu += cpu;
    else if (thread === 'CrBrowserMain' && process === 'Browser') result.browserCpu += cpu;
  }
  return result;
}

/** One line for a run: "main thread 169 ms CPU in 352 ms of tasks (52 % waiting) · …". */
export function describeThreadTime(t: ThreadTime): string {
  const waiting = t.mainWall > 0 ? Math.round((1 - t.mainCpu / t.mainWall) * 100) : 0;
  return (
    `main thread ${Math.round(t.mainCpu)} ms CPU in ${Math.round(t.mainWall)} ms of tasks (${waiting} % waiting for a core) · ` +
    `meanwhile GPU compositor ${Math.round(t.compositorCpu)} ms, browser ${Math.round(t.browserCpu)} ms CPU, ${t.screenshots} screenshots`
  );
}
