/**
 * What a Lighthouse run's Total Blocking Time is made of (docs/decisions/043). Lighthouse's simulator (Lantern) keeps
 * the node timings of its last simulation of each label; TBT is the mean of two of them (the optimistic graph
 * measured from the pessimistic FCP and the other way round), each the sum, over main-thread tasks of 50 ms or more
 * simulated, of the part of the task between FCP and TTI beyond 50 ms. This repeats that sum task by task and names each task's cause from the
 * trace events inside it, so a report can say how much of a page's TBT was the browser committing the navigation
 * (the same work for any page, under Lighthouse), its first frame, the page's code or later frames.
 */
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

export const causes = ['navigation commit', 'HTML parsing', 'first frame', 'later frames', 'page code', 'other'] as const;
export type Cause = (typeof causes)[number];
export type Breakdown = Record<Cause, number>;

/** The parts of Lantern's graph nodes and timings read here and by web-explain.ts (the library does not export them). */
export interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
}
export interface GraphNode {
  type: 'network' | 'cpu';
  /** Network nodes: the request. */
  request?: { url: string; priority: string; transferSize: number };
  /** CPU nodes: the task's own trace event (observed duration in µs) and the events inside it. */
  event?: { dur: number };
  childEvents?: TraceEvent[];
}
export interface NodeTiming {
  startTime: number;
  endTime: number;
}
export type Timings = Map<GraphNode, NodeTiming>;

const BLOCKING_THRESHOLD_MS = 50;

/** Trace events that say what a task was doing; an event inside one already counted belongs to the outer one. */
const causeOfEvent: Record<string, Cause | 'frame'> = {
  'DocumentLoader::CommitNavigation': 'navigation commit',
  ParseHTML: 'HTML parsing',
  UpdateLayoutTree: 'frame',
  Layout: 'frame',
  PrePaint: 'frame',
  Paint: 'frame',
  Layerize: 'frame',
  'v8.evaluateModule': 'page code',
  EvaluateScript: 'page code',
  FunctionCall: 'page code',
  RunMicrotasks: 'page code',
};

/** The cause with the most time among a task's events ('frame' still to be split into first and later). */
function dominantCause(node: GraphNode): Cause | 'frame' {
  const totals = new Map<Cause | 'frame', number>();
  let countedUntil = -Infinity;
  for (const event of [...(node.childEvents ?? [])].sort((a, b) => a.ts - b.ts)) {
    const cause = causeOfEvent[event.name];
    if (!cause || event.ts < countedUntil) continue;
    const dur = event.dur ?? 0;
    totals.set(cause, (totals.get(cause) ?? 0) + dur);
    countedUntil = event.ts + dur;
  }
  let best: Cause | 'frame' = 'other';
  for (const [cause, total] of totals) if (total > (totals.get(best) ?? 0)) best = cause;
  return best;
}

const cpuTasks = (timings: Timings) =>
  [...timings].filter(([node]) => node.type === 'cpu').sort((a, b) => a[1].startTime - b[1].startTime);

/**
 * Blocking time per cause in one simulation between `fromMs` (FCP) and `toMs` (TTI), as Lantern's
 * calculateSumOfBlockingTime counts it. The frame work up to the first paint is the first frame.
 */
function blockingInSimulation(timings: Timings, fromMs: number, toMs: number): Breakdown {
  const sum = Object.fromEntries(causes.map((cause) => [cause, 0])) as Breakdown;
  let painted = false;
  for (const [node, { startTime, endTime }] of cpuTasks(timings)) {
    let cause = dominantCause(node);
    if (cause === 'frame') cause = painted ? 'later frames' : 'first frame';
    painted ||= !!node.childEvents?.some((event) => event.name === 'Paint');
    if (endTime - startTime < BLOCKING_THRESHOLD_MS) continue;
    const clipped = Math.min(endTime, toMs) - Math.max(startTime, fromMs);
    if (clipped >= BLOCKING_THRESHOLD_MS) sum[cause] += clipped - BLOCKING_THRESHOLD_MS;
  }
  return sum;
}

/** When a simulation's last node ends: Lantern's estimate for FCP and LCP. */
const lastEnd = (timings: Timings) => Math.max(...[...timings.values()].map((t) => t.endTime));
/** Lantern's TTI estimate: the end of the last task over 50 ms, but not before LCP. */
const interactiveEnd = (timings: Timings, lcp: Timings) =>
  Math.max(lastEnd(lcp), ...cpuTasks(timings).filter(([, t]) => t.endTime - t.startTime > BLOCKING_THRESHOLD_MS).map(([, t]) => t.endTime));

/**
 * TBT by cause from Lantern's simulations, by their labels (ms, the mean of the optimistic and pessimistic
 * estimates, as Lighthouse reports it); undefined if a simulation it needs is not there.
 */
export function blockingTimeFromSimulations(simulations: ReadonlyMap<string, Timings>): Breakdown | undefined {
  const get = (label: string) => simulations.get(label);
  const [optimisticFcp, pessimisticFcp] = [get('optimisticFirstContentfulPaint'), get('pessimisticFirstContentfulPaint')];
  const [optimisticLcp, pessimisticLcp] = [get('optimisticLargestContentfulPaint'), get('pessimisticLargestContentfulPaint')];
  const [optimisticTti, pessimisticTti] = [get('optimisticInteractive'), get('pessimisticInteractive')];
  const [optimisticTbt, pessimisticTbt] = [get('optimisticTotalBlockingTime'), get('pessimisticTotalBlockingTime')];
  if (!optimisticFcp || !pessimisticFcp || !optimisticLcp || !pessimisticLcp || !optimisticTti || !pessimisticTti) return undefined;
  if (!optimisticTbt || !pessimisticTbt) return undefined;
  // Lantern pairs each TBT graph with the opposite FCP estimate (a later FCP counts less blocking time) and the
  // TTI estimate of its own side.
  const optimistic = blockingInSimulation(optimisticTbt, lastEnd(pessimisticFcp), interactiveEnd(optimisticTti, optimisticLcp));
  const pessimistic = blockingInSimulation(pessimisticTbt, lastEnd(optimisticFcp), interactiveEnd(pessimisticTti, pessimisticLcp));
  return Object.fromEntries(causes.map((cause) => [cause, (optimistic[cause] + pessimistic[cause]) / 2])) as Breakdown;
}

/** Lantern's simulations of the Lighthouse run that finished last in this process, by label. */
export function lanternSimulations(): ReadonlyMap<string, Timings> {
  return (Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, Timings> } } }).Simulation.Simulator
    .allNodeTimings;
}

/** TBT by cause of the Lighthouse run that finished last in this process. */
export function blockingTimeByCause(): Breakdown | undefined {
  return blockingTimeFromSimulations(lanternSimulations());
}

export const totalOf = (breakdown: Breakdown) => causes.reduce((sum, cause) => sum + breakdown[cause], 0);

/** "navigation commit 40 · first frame 60" (ms, causes with any time only; "none" when there is none). */
export function describeBreakdown(breakdown: Breakdown): string {
  const parts = causes.filter((cause) => breakdown[cause] >= 0.5).map((cause) => `${cause} ${Math.round(breakdown[cause])}`);
  return parts.length ? parts.join(' · ') : 'none';
}
