import { describe, expect, it } from 'vitest';
import { describeThreadTime, threadTime, type ThreadEvent } from '../../scripts/bench/thread-time';

const meta = (pid: number, tid: number, thread: string, process: string): ThreadEvent[] => [
  { name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: thread } },
  { name: 'process_name', ph: 'M', pid, tid, ts: 0, args: { name: process } },
];
const nav = (pid: number, tid: number, ts: number, url: string): ThreadEvent => ({
  name: 'navigationStart', ph: 'R', pid, tid, ts, args: { data: { isLoadingMainFrame: true, documentLoaderURL: url } },
});
/** A task at `atMs` taking `wallMs` of wall time and `cpuMs` of thread time (trace times are µs). */
const task = (pid: number, tid: number, atMs: number, wallMs: number, cpuMs: number, name = 'RunTask'): ThreadEvent => ({
  name, ph: 'X', pid, tid, ts: 1_000_000 + atMs * 1000, dur: wallMs * 1000, tdur: cpuMs * 1000,
});

const RENDERER = 10, MAIN = 1, GPU = 20, VIZ = 7, BROWSER = 30;
const trace: ThreadEvent[] = [
  ...meta(RENDERER, MAIN, 'CrRendererMain', 'Renderer'),
  ...meta(RENDERER, 2, 'Compositor', 'Renderer'),
  ...meta(GPU, VIZ, 'VizCompositorThread', 'GPU Process'),
  ...meta(BROWSER, BROWSER, 'CrBrowserMain', 'Browser'),
  // about:blank first, then the page: only the page's navigation counts.
  nav(RENDERER, MAIN, 900_000, ''),
  task(RENDERER, MAIN, -50, 40, 40),
  nav(RENDERER, MAIN, 1_000_000, 'http://127.0.0.1:4176/'),
  task(RENDERER, MAIN, 10, 60, 20),
  task(RENDERER, MAIN, 100, 30, 30, 'ThreadControllerImpl::RunTask'),
  task(RENDERER, MAIN, 150, 5, 1, 'Layout'), // inside a task, not a task itself
  task(RENDERER, MAIN, 105, 10, 10), // a nested run loop's task inside the one at 100 ms: counted once
  { ...task(RENDERER, MAIN, 200, 30, 0), tdur: undefined }, // no thread time: cannot say how much was waiting
  task(RENDERER, MAIN, 3_500, 100, 100), // after the window
  task(RENDERER, 2, 20, 10, 10), // the renderer's compositor thread: not reported
  task(GPU, VIZ, 15, 12, 9),
  task(GPU, VIZ, 40, 12, 6),
  task(BROWSER, BROWSER, 30, 20, 11),
  { name: 'Screenshot', ph: 'O', pid: BROWSER, tid: BROWSER, ts: 1_020_000 },
  { name: 'Screenshot', ph: 'O', pid: BROWSER, tid: BROWSER, ts: 1_040_000 },
  { name: 'Screenshot', ph: 'O', pid: BROWSER, tid: BROWSER, ts: 990_000 }, // before the navigation
];

describe('threadTime', () => {
  it("sums the page's main-thread tasks as CPU and wall time, with the compositor's and browser's CPU beside them", () => {
    expect(threadTime(trace)).toEqual({ mainCpu: 50, mainWall: 90, compositorCpu: 15, browserCpu: 11, screenshots: 2 });
  });

  it('counts only the tasks that start within the window after the navigation', () => {
    expect(threadTime(trace, 50)).toMatchObject({ mainCpu: 20, mainWall: 60, compositorCpu: 15, browserCpu: 11, screenshots: 2 });
    expect(threadTime(trace, 5_000)).toMatchObject({ mainCpu: 150, mainWall: 190 });
  });

  it('has nothing to say without a navigation to the page', () => {
    expect(threadTime(trace.filter((e) => e.name !== 'navigationStart'))).toBeUndefined();
    expect(threadTime([])).toBeUndefined();
  });

  it('says how much of the task time was waiting for a core', () => {
    expect(describeThreadTime({ mainCpu: 50, mainWall: 200, compositorCpu: 15.4, browserCpu: 11, screenshots: 2 })).toBe(
      'main thread 50 ms CPU in 200 ms of tasks (75 % waiting for a core) · meanwhile GPU compositor 15 ms, browser 11 ms CPU, 2 screenshots',
    );
  });
});
