/**
 * `npm run bench:web`: builds the site, serves it through the real server (port 4176), runs Lighthouse 12 (mobile,
 * simulated throttling) three times on / and /about, prints the medians against issue 4's targets, and rewrites the
 * bench:web section of docs/benchmarks.md. `--no-build` measures the existing dist/site; `--runs N` changes the count.
 * A control page (a plain static Korean page, scripts/bench/control-page.ts) is measured in the same rounds, the
 * pages taking turns, so every report shows what this machine gives a page with nothing left to tune (decision 042).
 * Each run also reports its TBT split by cause and the share of CPU the host took from this machine meanwhile
 * (decision 043), so a report tells the page's own blocking time from the harness's and the neighbours'; and its TBT
 * re-audited with every main-thread task at the CPU time it got (decision 045), a lower bound of the page's own share.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'lighthouse';
import { budgets, KB, ports } from '../../tests/budgets/budgets';
import { gzipBytes, repoRoot, requireBuiltSite } from '../../tests/budgets/support/built-site';
import { chromiumVersion, resourceSummary, runLighthouse, score, type CategoryId } from '../../tests/budgets/support/lighthouse';
import { startServer } from '../../tests/budgets/support/server';
import { inlineStyles } from '../../build/inline-stylesheet';
import { blockingTimeByCause, describeBreakdown, totalOf, type Breakdown } from './blocking-time';
import { startControlServer } from './control-page';
import { readCpuTimes, stealShare } from './cpu-steal';
import { auditAtCpuTime } from './tasks-at-cpu-time';
import { describeThreadTime, THREAD_WINDOW_MS, threadTime, type ThreadEvent, type ThreadTime } from './thread-time';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const build = !args.includes('--no-build');
const paths = ['/', '/about'];
const CONTROL = 'control';
const benchmarksFile = join(repoRoot, 'docs', 'benchmarks.md');

interface Row {
  label: string;
  target: string;
  /** Reads one figure from a run. */
  read: (lhr: Result) => number;
  format: (value: number) => string;
  /** Whether the median meets the target (undefined: reported only). */
  meets?: (value: number) => boolean;
}

/**
 * What each run's report does not hold: the CPU the host took meanwhile (cpu-steal.ts), TBT by cause
 * (blocking-time.ts), the main thread's CPU time against its tasks' wall time (thread-time.ts) and the run's
 * figures with every main-thread task at its CPU time (tasks-at-cpu-time.ts).
 */
interface RunFacts {
  stolen?: number;
  breakdown?: Breakdown;
  threads?: ThreadTime;
  /** The run re-audited with each main-thread task at its CPU time (tasks-at-cpu-time.ts). */
  atCpuTime?: Result;
}
const factsOf = new Map<Result, RunFacts>();
/**
 * gzip -9 bytes of each page's inline `<style>` (docs/decisions/044), by URL: Lighthouse counts them as part of the
 * HTML, so the CSS row adds them to any linked stylesheet's transfer.
 */
const inlineCssGzip = new Map<string, number>();
async function measureInlineCss(url: string) {
  const css = inlineStyles(await (await fetch(url)).text()).join('');
  inlineCssGzip.set(new URL(url).href, css ? gzipBytes(css) : 0);
}

const audit = (id: string) => (lhr: Result) => lhr.audits[id]?.numericValue ?? NaN;
const bytesOf = (type: string) => (lhr: Result) => resourceSummary(lhr).get(type)?.transferSize ?? 0;
const categoryRow = (label: string, id: CategoryId): Row => ({
  label,
  target: '100',
  read: (lhr) => score(lhr, id) ?? NaN,
  format: (v) => String(v),
  meets: (v) => v >= 100,
});
const ms = (v: number) => `${Math.round(v)} ms`;
const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
const kbText = (v: number) => `${(v / KB).toFixed(1)} KB`;
const msOrNa = (v: number) => (Number.isNaN(v) ? 'n/a' : ms(v));

const rows: Row[] = [
  categoryRow('Performance', 'performance'),
  categoryRow('Accessibility', 'accessibility'),
  categoryRow('Best practices', 'best-practices'),
  categoryRow('SEO', 'seo'),
  { label: 'FCP', target: '≤ 0.90 s', read: audit('first-contentful-paint'), format: s, meets: (v) => v <= 900 },
  { label: 'LCP', target: '≤ 1.00 s', read: audit('largest-contentful-paint'), format: s, meets: (v) => v <= 1000 },
  { label: 'TBT', target: '≤ 50 ms', read: audit('total-blocking-time'), format: ms, meets: (v) => v <= 50 },
  { label: 'CLS', target: '≤ 0.01', read: audit('cumulative-layout-shift'), format: (v) => v.toFixed(3), meets: (v) => v <= 0.01 },
  { label: 'Speed Index', target: '–', read: audit('speed-index'), format: s },
  { label: 'HTML (transfer)', target: '–', read: bytesOf('document'), format: kbText },
  {
    label: 'CSS (inline gzip + linked transfer)',
    target: `≤ ${budgets.cssGzip / KB} KB`,
    read: (lhr) => bytesOf('stylesheet')(lhr) + (inlineCssGzip.get(new URL(lhr.requestedUrl ?? lhr.finalDisplayedUrl).href) ?? NaN),
    format: kbText,
    meets: (v) => v <= budgets.cssGzip,
  },
  { label: 'JS (transfer)', target: `≤ ${budgets.initialJsGzip / KB} KB`, read: bytesOf('script'), format: kbText, meets: (v) => v <= budgets.initialJsGzip },
  { label: 'Fonts (transfer)', target: '–', read: bytesOf('font'), format: kbText },
  { label: 'Images (transfer)', target: '–', read: bytesOf('image'), format: kbText },
  { label: 'Total transfer', target: `≤ ${budgets.firstViewTransfer / KB} KB`, read: bytesOf('total'), format: kbText, meets: (v) => v <= budgets.firstViewTransfer },
  { label: 'Requests', target: '–', read: (lhr) => resourceSummary(lhr).get('total')?.requestCount ?? NaN, format: (v) => String(v) },
  {
    label: 'CPU stolen by the host',
    target: '–',
    read: (lhr) => factsOf.get(lhr)?.stolen ?? NaN,
    format: (v) => (Number.isNaN(v) ? 'n/a' : `${(v * 100).toFixed(1)} %`),
  },
  // The page's main thread after navigation: the CPU it got, and the wall time its tasks took (thread-time.ts).
  { label: 'Main-thread CPU time', target: '–', read: (lhr) => factsOf.get(lhr)?.threads?.mainCpu ?? NaN, format: msOrNa },
  { label: 'Main-thread task time (wall)', target: '–', read: (lhr) => factsOf.get(lhr)?.threads?.mainWall ?? NaN, format: msOrNa },
  // The same run re-audited with each of the page's main-thread tasks at its CPU time: no waiting for a core (045).
  {
    label: 'TBT, tasks at their CPU time',
    target: '–',
    read: (lhr) => {
      const atCpuTime = factsOf.get(lhr)?.atCpuTime;
      return atCpuTime ? audit('total-blocking-time')(atCpuTime) : NaN;
    },
    format: msOrNa,
  },
  // Lighthouse's own CPU benchmark of this machine at run time (higher = faster; drops when the machine is busy).
  { label: 'Benchmark index', target: '–', read: (lhr) => lhr.environment.benchmarkIndex, format: (v) => String(Math.round(v)) },
];

/** Empty when the causes add up to Lighthouse's TBT; otherwise says the attribution no longer follows Lantern. */
function addsUp(breakdown: Breakdown, lhr: Result): string {
  const tbt = audit('total-blocking-time')(lhr);
  return Math.abs(totalOf(breakdown) - tbt) <= 1 ? '' : ` — sums to ${ms(totalOf(breakdown))}, not Lighthouse's ${ms(tbt)}: check blocking-time.ts against Lantern`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const cell = (row: Row, value: number) => `${row.format(value)}${row.meets ? (row.meets(value) ? ' ✅' : ' ❌') : ''}`;

/** Why points were lost: the performance opportunities and diagnostics of one run, for the console. */
function lostPoints(lhr: Result): string[] {
  const perf = lhr.categories.performance?.auditRefs ?? [];
  const lines = perf
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> }
    | undefined;
  const node = lcpElement?.items?.[0]?.items?.[0]?.node?.snippet;
  if (node) lines.push(`  - LCP element: ${node}`);
  const phases = lcpElement?.items?.[1]?.items?.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(', ');
  if (phases) lines.push(`  - LCP phases: ${phases}`);
  const blocking = lhr.audits['render-blocking-resources']?.details as { items?: Array<{ url: string; wastedMs?: number }> } | undefined;
  for (const item of blocking?.items ?? []) lines.push(`  - render-blocking: ${item.url} (${Math.round(item.wastedMs ?? 0)} ms)`);
  return lines;
}

function writeSection(markdown: string) {
  const doc = readFileSync(benchmarksFile, 'utf8');
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${benchmarksFile} lacks the ${start} … ${end} markers`);
  writeFileSync(benchmarksFile, `${doc.slice(0, from + start.length)}\n${markdown}\n${doc.slice(to)}`);
}

async function main() {
  if (build) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  }
  requireBuiltSite();
  const loadBefore = loadavg()[0] ?? NaN;
  const server = await startServer(ports.bench);
  const results = new Map<string, Result[]>([...paths, CONTROL].map((name) => [name, []]));
  // Every run's artifacts go into one folder, removed at the end whatever happened.
  const artifactsRoot = mkdtempSync(join(tmpdir(), 'bench-web-runs-'));
  const savedRuns: Array<{ lhr: Result; artifacts: string; name: string; round: number }> = [];
  let loadAfter = NaN; // read once the measured runs are done, before the re-audits add their own work
  let control: Awaited<ReturnType<typeof startControlServer>> | undefined;
  try {
    control = await startControlServer(ports.benchControl);
    const pages = [...paths.map((path) => ({ name: path, url: server.origin + path })), { name: CONTROL, url: control.url }];
    for (const page of pages) await measureInlineCss(page.url);
    // Round by round, the pages taking turns: a busy spell on the machine then hits every page alike.
    for (let i = 1; i <= runs; i++) {
      for (const page of pages) {
        const cpuBefore = readCpuTimes();
        let threads: ThreadTime | undefined;
        // The run's artifacts are kept (Lighthouse's gather-and-audit mode) and re-audited at CPU time after the
        // last run, so that the re-audits' work does not run into the next measured load.
        const artifacts = join(artifactsRoot, `run-${savedRuns.length + 1}`); // Lighthouse creates it
        const lhr = await runLighthouse(page.url, { gatherMode: artifacts, auditMode: artifacts }, { onTrace: (events) => (threads = threadTime(events as ThreadEvent[])) });
        const stolen = stealShare(cpuBefore, readCpuTimes());
        const breakdown = blockingTimeByCause(); // the last simulation in this process: this run's
        factsOf.set(lhr, { stolen, breakdown, threads });
        savedRuns.push({ lhr, artifacts, name: page.name, round: i });
        results.get(page.name)?.push(lhr);
        console.log(
          `${page.name} run ${i}/${runs}: perf ${score(lhr, 'performance')}, a11y ${score(lhr, 'accessibility')}, ` +
            `BP ${score(lhr, 'best-practices')}, SEO ${score(lhr, 'seo')}, FCP ${s(audit('first-contentful-paint')(lhr))}, ` +
            `LCP ${s(audit('largest-contentful-paint')(lhr))}, TBT ${ms(audit('total-blocking-time')(lhr))}, ` +
            `CLS ${audit('cumulative-layout-shift')(lhr).toFixed(3)}, benchmark index ${Math.round(lhr.environment.benchmarkIndex)}` +
            (stolen !== undefined ? `, CPU stolen ${(stolen * 100).toFixed(1)} %` : '') +
            (breakdown ? `\n  TBT by cause (ms): ${describeBreakdown(breakdown)}${addsUp(breakdown, lhr)}` : '') +
            (threads ? `\n  ${describeThreadTime(threads)}` : ''),
        );
      }
    }
    loadAfter = loadavg()[0] ?? NaN;
    for (const run of savedRuns) {
      const facts = factsOf.get(run.lhr) as RunFacts;
      try {
        facts.atCpuTime = await auditAtCpuTime(run.artifacts);
        console.log(
          `${run.name} run ${run.round}/${runs} with every main-thread task at its CPU time: ` +
            `FCP ${s(audit('first-contentful-paint')(facts.atCpuTime))}, LCP ${s(audit('largest-contentful-paint')(facts.atCpuTime))}, ` +
            `TBT ${ms(audit('total-blocking-time')(facts.atCpuTime))}`,
        );
      } catch (error) {
        console.warn(`${run.name} run ${run.round}/${runs}: re-audit at CPU time failed, reported as n/a: ${String(error)}`);
      }
    }
    for (const path of paths) {
      const lhrs = results.get(path) ?? [];
      const lost = lostPoints(lhrs[lhrs.length - 1] as Result);
      if (lost.length) console.log(`${path}: where the last run lost time or points\n${lost.join('\n')}`);
    }
  } finally {
    await Promise.all([server.stop(), control?.stop()]);
    rmSync(artifactsRoot, { recursive: true, force: true });
  }

  const first = results.get(paths[0] as string)?.[0] as Result;
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, Chromium ${chromiumVersion()}, Lighthouse ${first.lighthouseVersion}`;
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const header = `| Metric | Target | ${paths.map((p) => `\`${p}\``).join(' | ')} | control |\n|---|---|${paths.map(() => '---').join('|')}|---|`;
  const medianOf = (name: string, row: Row) => median((results.get(name) ?? []).map(row.read));
  const body = rows
    .map((row) => `| ${row.label} | ${row.target} | ${paths.map((p) => cell(row, medianOf(p, row))).join(' | ')} | ${row.format(medianOf(CONTROL, row))} |`)
    .join('\n');
  // The run whose TBT is the median (the lower middle one for an even count), with its TBT split by cause.
  const medianTbtRun = (name: string) => {
    const sorted = [...(results.get(name) ?? [])].sort((a, b) => audit('total-blocking-time')(a) - audit('total-blocking-time')(b));
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const causeLines = [...paths, CONTROL].map((name) => {
    const lhr = medianTbtRun(name);
    const breakdown = lhr && factsOf.get(lhr)?.breakdown;
    const label = name === CONTROL ? 'control' : `\`${name}\``;
    return `- ${label}: TBT ${lhr ? ms(audit('total-blocking-time')(lhr)) : '–'} = ${breakdown ? describeBreakdown(breakdown) : 'not available'}`;
  });
  const markdown = [
    `Measured ${when} UTC on ${machine}.`,
    `Lighthouse mobile preset with simulated throttling (its defaults), median of ${runs} run${runs === 1 ? '' : 's'} per page, production build`,
    `served by the real server (\`src/server/main.ts\`, compression on). Bytes are transfer sizes as Lighthouse saw them`,
    `(compressed), except the CSS row: the pages carry their CSS inline (decision 044), so it is the \`<style>\` at gzip -9,`,
    `already counted once in the HTML row; the gzip -9 file budgets are enforced separately by \`npm run test:budgets\`.`,
    `Main-thread CPU and task time are sums over the first ${THREAD_WINDOW_MS / 1000} s after navigation, from each run's trace (044).`,
    `"TBT, tasks at their CPU time" re-audits each run from its saved trace with every one of the page's main-thread`,
    `tasks shortened to the CPU time it got (\`scripts/bench/tasks-at-cpu-time.ts\`, decision 045): the blocking time of the`,
    `page's own work, without the waiting for a core that the harness causes on this machine; a lower bound, since waits`,
    `the page itself causes (a synchronous call to the browser) are dropped too.`,
    `Machine load (1-minute average) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after the runs: above ~1 on`,
    `2 cores, other work inflates the CPU-derived figures (FCP, LCP, TBT, performance).`,
    `The control column is a plain static Korean page (\`scripts/bench/control-page.ts\`: the home page's copy, several`,
    `phone screens long, inline CSS, no script, no web font), measured in the same rounds: the figures this machine`,
    `gives a page of the same kind with nothing to tune.`,
    '',
    header,
    body,
    '',
    'TBT of each page\'s median run by cause (ms; `scripts/bench/blocking-time.ts`, decision 043, names each long task by',
    'what ran in it; "navigation commit" is the browser committing the navigation and creating the page\'s script context',
    'with Lighthouse attached, the same work for any page, the control included):',
    ...causeLines,
    '',
    'Where the time goes and what closes the gaps: `docs/decisions/034-web-performance-findings.md`, `042-benchmark-control-page-and-the-tbt-floor.md`,',
    '`043-tbt-by-cause-and-cpu-steal-in-the-benchmark.md`, `044-styles-inline-and-no-svg-favicon.md` and',
    '`045-tbt-at-cpu-time-and-what-did-not-close-the-gap.md`.',
  ].join('\n');
  console.log(`\n${markdown}\n`);
  writeSection(markdown);
  console.log(`written to ${benchmarksFile}`);
}

await main();
