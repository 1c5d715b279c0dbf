import { describe, expect, it } from 'vitest';
import { tasksAtCpuTime } from '../../scripts/bench/tasks-at-cpu-time';
import type { ThreadEvent } from '../../scripts/bench/thread-time';

const RENDERER = 10, MAIN = 1, OTHER = 2;
const ms = (value: number) => 1_000_000 + value * 1000; // trace times are µs
const nav: ThreadEvent = {
  name: 'navigationStart', ph: 'R', pid: RENDERER, tid: MAIN, ts: ms(0),
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:4176/' } },
};
const event = (name: string, atMs: number, durMs?: number, extra: Partial<ThreadEvent> = {}): ThreadEvent => ({
  name, ph: 'X', pid: RENDERER, tid: MAIN, ts: ms(atMs), ...(durMs === undefined ? {} : { dur: durMs * 1000 }), ...extra,
});
const trace: ThreadEvent[] = [
  nav,
  // 100 ms of wall time, 40 ms of CPU: everything inside is compressed to 0.4 of its offset and length.
  event('RunTask', 10, 100, { tdur: 40_000 }),
  event('ParseHTML', 10, 50),
  event('Layout', 60, 40),
  { name: 'ResourceSendRequest', ph: 'I', pid: RENDERER, tid: MAIN, ts: ms(85) },
  event('ThreadControllerImpl::RunTask', 70, 20, { tdur: 5_000 }), // nested run loop: goes with its outer task
  { name: 'FunctionCall', ph: 'E', pid: RENDERER, tid: MAIN, ts: ms(110) }, // an end event closing at the task's end: inside
  { name: 'Paint', ph: 'I', pid: RENDERER, tid: MAIN, ts: ms(110) }, // anything else at the task's end: after it
  // Ran at its CPU time already, and a task without thread time: both left alone.
  event('RunTask', 200, 30, { tdur: 30_000 }),
  event('RunTask', 300, 30),
  event('Layout', 310, 10),
  // Another thread of the same process: untouched.
  { ...event('RunTask', 10, 100, { tdur: 10_000 }), tid: OTHER },
];

describe('tasksAtCpuTime', () => {
  const before = structuredClone(trace);
  const { events, tasks, removedMs } = tasksAtCpuTime(trace);
  const at = (index: number) => events[index] as ThreadEvent;

  it("shortens each of the page's main-thread tasks to its CPU time", () => {
    expect(tasks).toBe(1);
    expect(removedMs).toBe(60);
    expect(at(1)).toMatchObject({ ts: ms(10), dur: 40_000 });
  });

  it('keeps what ran inside a task in proportion, instant events included', () => {
    expect(at(2)).toMatchObject({ name: 'ParseHTML', ts: ms(10), dur: 20_000 });
    expect(at(3)).toMatchObject({ name: 'Layout', ts: ms(30), dur: 16_000 });
    expect(at(4)).toMatchObject({ name: 'ResourceSendRequest', ts: ms(40) });
    expect(at(5)).toMatchObject({ ts: ms(34), dur: 8_000 });
    expect(at(6)).toMatchObject({ name: 'FunctionCall', ts: ms(50) });
    expect(at(7)).toEqual(trace[7]);
  });

  it('leaves tasks without thread time, other threads and the input as they were', () => {
    for (const index of [8, 9, 10, 11]) expect(at(index)).toEqual(trace[index]);
    expect(trace).toEqual(before);
  });

  it('changes nothing in a trace without a navigation to the page', () => {
    const result = tasksAtCpuTime(trace.slice(1));
    expect(result).toMatchObject({ tasks: 0, removedMs: 0 });
    expect(result.events).toEqual(trace.slice(1));
  });
});
