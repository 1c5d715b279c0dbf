import { describe, expect, it } from 'vitest';
import {
  blockingTimeFromSimulations,
  describeBreakdown,
  totalOf,
  type GraphNode,
  type Timings,
} from '../../scripts/bench/blocking-time';

/** A main-thread task whose trace events are `[name, observed ms]`, laid end to end. */
function task(...events: [string, number][]): GraphNode {
  let ts = 0;
  return {
    type: 'cpu',
    childEvents: events.map(([name, ms]) => {
      const event = { name, ts, dur: ms * 1000 };
      ts += ms * 1000;
      return event;
    }),
  };
}
const request: GraphNode = { type: 'network' };
const timings = (...entries: [GraphNode, number, number][]): Timings =>
  new Map(entries.map(([node, startTime, endTime]) => [node, { startTime, endTime }]));

const commit = task(['DocumentLoader::CommitNavigation', 40], ['ParseHTML', 2]);
const parse = task(['ParseHTML', 5]);
const style = task(['UpdateLayoutTree', 10], ['Layout', 20]);
const firstPaint = task(['Layout', 10], ['Paint', 2]);
const pageCode = task(['v8.evaluateModule', 15], ['Layout', 2]);
const fontSwap = task(['Layout', 25], ['Paint', 2]);
const afterInteractive = task(['FunctionCall', 30]);

// The whole load, simulated: commit 600–800, parse, first frame 820–960 (two tasks), page code, font relayout, and a
// long task that starts at Lantern's TTI (1100: the last long task of the TTI simulation ends there) and must not count.
const loadGraph = timings(
  [request, 0, 600],
  [commit, 600, 800],
  [parse, 800, 820],
  [style, 820, 900],
  [firstPaint, 900, 960],
  [pageCode, 960, 1040],
  [fontSwap, 1040, 1100],
  [afterInteractive, 1100, 1200],
);
const interactiveGraph = timings([request, 0, 600], [commit, 600, 800], [fontSwap, 1040, 1100]);

function simulations(fcp: { optimistic: number; pessimistic: number }, optimisticLoadGraph = loadGraph) {
  return new Map<string, Timings>([
    ['optimisticFirstContentfulPaint', timings([request, 0, fcp.optimistic])],
    ['pessimisticFirstContentfulPaint', timings([request, 0, fcp.pessimistic])],
    ['optimisticLargestContentfulPaint', timings([request, 0, 800])],
    ['pessimisticLargestContentfulPaint', timings([request, 0, 800])],
    ['optimisticInteractive', interactiveGraph],
    ['pessimisticInteractive', interactiveGraph],
    ['optimisticTotalBlockingTime', optimisticLoadGraph],
    ['pessimisticTotalBlockingTime', loadGraph],
  ]);
}

describe('blockingTimeFromSimulations', () => {
  it('splits TBT by what each long task ran, counting from FCP to TTI beyond 50 ms per task', () => {
    const breakdown = blockingTimeFromSimulations(simulations({ optimistic: 700, pessimistic: 700 }))!;
    expect(breakdown).toEqual({
      'navigation commit': 50, // 700–800 after FCP: 100 ms, 50 beyond the threshold
      'HTML parsing': 0, // 20 ms: not a long task
      'first frame': 30 + 10, // style + layout 80 ms, then layout + paint 60 ms
      'page code': 30,
      'later frames': 10,
      other: 0,
    });
    expect(totalOf(breakdown)).toBe(130);
  });

  it('pairs each TBT simulation with the opposite FCP estimate and reports their mean, as Lighthouse does', () => {
    // The optimistic graph's commit task ends at 780: counted from the pessimistic FCP (760) that is 20 ms, nothing.
    // The pessimistic graph's ends at 800: counted from the optimistic FCP (700), 100 ms, 50. The mean is 25 (paired
    // the other way round it would be (30 + 0) / 2 = 15).
    const optimisticLoad = new Map(loadGraph).set(commit, { startTime: 600, endTime: 780 });
    const breakdown = blockingTimeFromSimulations(simulations({ optimistic: 700, pessimistic: 760 }, optimisticLoad))!;
    expect(breakdown['navigation commit']).toBe(25);
    expect(breakdown['first frame']).toBe(40);
  });

  it('gives nothing when a simulation it needs is missing', () => {
    const partial = simulations({ optimistic: 700, pessimistic: 700 });
    partial.delete('pessimisticInteractive');
    expect(blockingTimeFromSimulations(partial)).toBeUndefined();
  });
});

describe('describeBreakdown', () => {
  it('names the causes that took time, in a fixed order', () => {
    const breakdown = blockingTimeFromSimulations(simulations({ optimistic: 700, pessimistic: 700 }))!;
    expect(describeBreakdown(breakdown)).toBe('navigation commit 50 · first frame 40 · later frames 10 · page code 30');
    expect(describeBreakdown({ ...breakdown, 'navigation commit': 0, 'first frame': 0, 'later frames': 0, 'page code': 0 })).toBe('none');
  });
});
