/**
 * `npm run bench:web:explain -- [path]`: one Lighthouse run (mobile, simulated throttling) on the existing build,
 * served by the real server, with the simulator's reasoning printed: which requests and main-thread tasks each
 * metric's graph contains and when Lantern (Lighthouse's simulator) places them, plus the tasks that add up to TBT.
 * It answers "why is FCP/LCP/TBT this figure" (docs/decisions/008); `npm run bench:web` gives the figures themselves.
 */
import { ports } from '../../tests/budgets/budgets';
import { requireBuiltSite } from '../../tests/budgets/support/built-site';
import { runLighthouse } from '../../tests/budgets/support/lighthouse';
import { startServer } from '../../tests/budgets/support/server';
import { blockingTimeByCause, describeBreakdown, lanternSimulations, totalOf, type GraphNode, type Timings } from './blocking-time';

const path = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/';
const ms = (value: number) => `${Math.round(value)}`.padStart(5);

/** Names of the biggest child events of a main-thread task, with their observed milliseconds. */
function taskSummary(node: GraphNode): string {
  const totals = new Map<string, number>();
  for (const event of node.childEvents ?? []) {
    if (/^(RunTask|ThreadControllerImpl|v8\.|V8\.)/.test(event.name) && event.name !== 'v8.evaluateModule') continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, value]) => `${name} ${value.toFixed(0)}`).join(', ');
}

function printGraph(label: string, timings: Timings, origin: string, minCpuMs = 0) {
  console.log(`\n${label}`);
  for (const [node, t] of [...timings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const simulated = t.endTime - t.startTime;
    if (minCpuMs > 0 && (node.type !== 'cpu' || simulated < minCpuMs)) continue;
    const what =
      node.type === 'network'
        ? `${node.request!.url.replace(origin, '')} [${node.request!.priority}, ${node.request!.transferSize} B]`
        : `task, ${((node.event?.dur ?? 0) / 1000).toFixed(1)} ms observed: ${taskSummary(node)}`;
    console.log(`  ${ms(t.startTime)} → ${ms(t.endTime)} ms  ${what}`);
  }
}

requireBuiltSite();
const server = await startServer(ports.bench);
try {
  const lhr = await runLighthouse(`${server.origin}${path}`, { onlyCategories: ['performance'] });
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  console.log(`${path}: FCP ${ms(value('first-contentful-paint'))} ms, LCP ${ms(value('largest-contentful-paint'))} ms, ` +
    `TBT ${ms(value('total-blocking-time'))} ms (simulated); benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`);
  const observed = ((lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0]) ?? {};
  console.log(`observed on this machine: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms`);

  console.log('\nrequests as observed (start → end, ms after navigation)');
  interface RequestRow { url: string; priority: string; transferSize: number; networkRequestTime: number; networkEndTime: number }
  const requests = (lhr.audits['network-requests']?.details as { items?: RequestRow[] } | undefined)?.items ?? [];
  for (const r of requests) {
    console.log(`  ${ms(r.networkRequestTime)} → ${ms(r.networkEndTime)} ms  ${r.url.replace(server.origin, '')} [${r.priority}, ${r.transferSize} B]`);
  }

  const simulations = lanternSimulations();
  for (const label of ['optimisticFirstContentfulPaint', 'pessimisticFirstContentfulPaint', 'optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint']) {
    const timings = simulations.get(label);
    if (timings) printGraph(`${label} (simulated; the metric is the mean of the optimistic and pessimistic ends)`, timings, server.origin);
  }
  const tbt = simulations.get('pessimisticTotalBlockingTime');
  if (tbt) printGraph('main-thread tasks over 50 ms simulated (each adds its time beyond 50 ms to TBT after FCP)', tbt, server.origin, 50);
  const breakdown = blockingTimeByCause();
  if (breakdown) console.log(`\nTBT by cause: ${describeBreakdown(breakdown)} (sum ${ms(totalOf(breakdown)).trim()} ms)`);
} finally {
  await server.stop();
}
