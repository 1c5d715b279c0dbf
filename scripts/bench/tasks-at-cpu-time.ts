/**
 * What Lighthouse would have said had the page's main thread never waited for a core (docs/decisions/045).
 *
 * Lantern (Lighthouse's simulator) takes each main-thread task's *wall* time from the trace and multiplies it (×2 for
 * a task that lays out, ×4 for any other) to play a slow phone. On this 2-core machine the harness (Lighthouse,
 * the browser process, software compositing) keeps both cores busy while the page loads, so the page's tasks take
 * about twice their CPU time, and the simulated phone inherits that waiting. `tasksAtCpuTime` rewrites a trace so
 * that each of the page's main-thread tasks lasts only the CPU time it got (`tdur`), everything that happened inside
 * it compressed in proportion; `auditAtCpuTime` re-audits a run's saved artifacts with that trace. The result
 * is a lower bound for the page's own blocking time: waits the page itself causes (a synchronous call to the browser)
 * are dropped as well.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { isTask, pageNavigation, type ThreadEvent } from './thread-time';

/** Lighthouse's file for the navigation's trace in a `gatherMode` folder. */
export const TRACE_FILE = 'defaultPass.trace.json';

export interface CpuTimeTrace {
  events: ThreadEvent[];
  /** Tasks shortened. */
  tasks: number;
  /** Wall time taken out, ms, over the whole trace (Lighthouse's gathering after load included). */
  removedMs: number;
}

/**
 * A copy of `events` in which every task of the page's main thread (the thread of its navigation) that has a thread
 * time lasts exactly that long; each event of that thread that falls inside such a task keeps its place in
 * proportion. Other threads, and tasks without thread time, are left as they are.
 */
export function tasksAtCpuTime(events: readonly ThreadEvent[]): CpuTimeTrace {
  const copy = events.map((e) => ({ ...e }));
  const navigation = pageNavigation(copy);
  if (!navigation) return { events: copy, tasks: 0, removedMs: 0 };
  // In time order; at the same time the longer event first and, of equal ones, the task: it encloses the others.
  const mainThread = copy
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0) || Number(isTask(b)) - Number(isTask(a)));
  let tasks = 0;
  let removed = 0;
  let i = 0;
  while (i < mainThread.length) {
    const task = mainThread[i] as ThreadEvent;
    if (!isTask(task) || task.dur === undefined) {
      i++;
      continue;
    }
    const start = task.ts;
    const end = start + task.dur;
    let j = i + 1;
    const inside = (e: ThreadEvent) => e.ts < end || (e.ts === end && e.ph === 'E'); // an end event closes at `end`
    while (j < mainThread.length && inside(mainThread[j] as ThreadEvent)) j++;
    if (task.tdur !== undefined && task.tdur < task.dur && task.dur > 0) {
      const ratio = task.tdur / task.dur;
      for (let k = i + 1; k < j; k++) {
        const inner = mainThread[k] as ThreadEvent;
        inner.ts = start + (inner.ts - start) * ratio;
        if (inner.dur !== undefined) inner.dur *= ratio;
      }
      removed += task.dur - task.tdur;
      task.dur = task.tdur;
      tasks++;
    }
    i = j; // a nested task (a run loop inside this one) went with its outer task
  }
  return { events: copy, tasks, removedMs: removed / 1000 };
}

/**
 * Re-audits a run saved with Lighthouse's `gatherMode`/`auditMode` flags (`artifactsDir`) from its trace as `rewrite`
 * returns it, in a scratch copy (the run's own folder is left as it was). `flags` must carry the run's own settings
 * (`onlyCategories` and the like): Lighthouse refuses to audit with settings it did not gather with.
 */
export async function reaudit(
  artifactsDir: string,
  flags: Flags,
  rewrite: (events: ThreadEvent[]) => ThreadEvent[],
): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-reaudit-'));
  try {
    cpSync(artifactsDir, dir, { recursive: true });
    const path = join(dir, TRACE_FILE);
    const trace = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: ThreadEvent[] };
    trace.traceEvents = rewrite(trace.traceEvents);
    writeFileSync(path, JSON.stringify(trace));
    const result = await lighthouse(undefined, { output: 'json', logLevel: 'error', ...flags, gatherMode: false, auditMode: dir });
    if (!result) throw new Error(`Lighthouse re-audit of ${artifactsDir} returned no result`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse re-audit of ${artifactsDir}: ${result.lhr.runtimeError.code}`);
    return result.lhr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The saved run re-audited with each of the page's main-thread tasks at its CPU time. */
export const auditAtCpuTime = (artifactsDir: string, flags: Flags = {}) =>
  reaudit(artifactsDir, flags, (events) => tasksAtCpuTime(events).events);
