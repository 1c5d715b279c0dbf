/**
 * `npm test`: runs the suite's stages (scripts/suite/phases.ts) one after another, the phases of a stage's lanes side
 * by side, stops after the first stage where a phase failed, and ends with a table of each phase's wall and CPU time
 * and one line counting the tests (decision 123). A phase that shares its stage prints its output when it ends, whole.
 * `npm run bench:suite` runs the same and writes the table and the 20 slowest test files to docs/benchmarks.md.
 *
 * Flags: `--write` (what bench:suite passes) writes the benchmark section; `--keep-going` runs every phase even after
 * one failed.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { writeBenchSection } from '../bench/benchmarks-doc';
import {
  loadAverage,
  machineBusySeconds,
  phaseTable,
  reapedChildrenSeconds,
  type PhaseFigures,
  type StageFigures,
} from './measure';
import { REPORT_DIR, STAGES, type Phase, type Stage } from './phases';
import { preparePgliteForSuite, type PreparedTemplate } from './prepared';
import { readReport, type Counts, type FileTime } from './reports';

const write = process.argv.includes('--write');
const keepGoing = process.argv.includes('--keep-going');
const SLOWEST = 20;

/** The reaped children's CPU at the last phase's end: each phase's own CPU is the step from it. */
let reapedSoFar = reapedChildrenSeconds();

/**
 * The PGlite template prepared once for the run, made from the start beside the first phases
 * (scripts/suite/prepared.ts); a phase that asks for it waits for it.
 */
const preparing: Promise<PreparedTemplate> = preparePgliteForSuite();
// Awaited (and its failure reported) by the first phase that needs it; until then a rejection is not unhandled.
preparing.catch(() => undefined);

async function runPhase(phase: Phase, shared: boolean): Promise<PhaseFigures> {
  const loadAtStart = loadAverage();
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const announce = `\n▶ ${phase.name}: ${phase.command.join(' ')}`;
  console.log(shared ? `${announce} (beside the rest of its stage; its output when it ends)` : announce);
  // A wait for the prepared template counts in the phase's time.
  let prepared: Record<string, string> = {};
  try {
    if (phase.pgliteTemplate) prepared = (await preparing).env;
  } catch (error) {
    console.error(`✗ ${phase.name}: the PGlite template could not be prepared:`, error);
    const cpuS = machineBusySeconds() - busyBefore;
    return { name: phase.name, wallMs: performance.now() - started, cpuS, ownCpuS: 0, loadAtStart, ok: false };
  }
  const [command, ...args] = phase.command;
  const child = spawn(command!, args, {
    stdio: shared ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: {
      ...process.env,
      ...prepared,
      ...(phase.report?.kind === 'playwright' ? { PLAYWRIGHT_JSON_OUTPUT_FILE: phase.report.file } : {}),
    },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const reaped = reapedChildrenSeconds();
      const ownCpuS = reaped - reapedSoFar;
      reapedSoFar = reaped;
      if (shared)
        process.stdout.write(`\n▼ ${phase.name} (${code === 0 ? 'passed' : 'FAILED'})\n${Buffer.concat(output)}`);
      resolve({
        name: phase.name,
        wallMs: performance.now() - started,
        cpuS: machineBusySeconds() - busyBefore,
        ownCpuS,
        loadAtStart,
        ok: code === 0,
      });
    });
  });
}

/** A stage's lanes side by side, each lane's phases in turn (a lane stops at its first failure unless told not to). */
async function runStage(stage: Stage): Promise<StageFigures> {
  const loadAtStart = loadAverage();
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const shared = stage.length > 1;
  const lanes = await Promise.all(
    stage.map(async (lane) => {
      const figures: PhaseFigures[] = [];
      for (const phase of lane) {
        const result = await runPhase(phase, shared);
        figures.push(result);
        if (!result.ok && !keepGoing) break;
      }
      return figures;
    }),
  );
  const phases = lanes.flat();
  return {
    name: stage.map((lane) => lane.map((phase) => phase.name).join(', ')).join(' ‖ '),
    wallMs: performance.now() - started,
    cpuS: machineBusySeconds() - busyBefore,
    ownCpuS: phases.reduce((sum, phase) => sum + phase.ownCpuS, 0),
    loadAtStart,
    ok: phases.length === stage.flat().length && phases.every((phase) => phase.ok),
    phases,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function slowestTable(files: readonly FileTime[]): string {
  return [
    '| test file | phase | tests | time |',
    '| --- | --- | ---: | ---: |',
    ...[...files]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST)
      .map((file) => `| ${file.file} | ${file.phase} | ${file.tests} | ${seconds(file.ms)} |`),
  ].join('\n');
}

async function main(): Promise<number> {
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const loadBefore = loadAverage();
  const stages: StageFigures[] = [];
  const files: FileTime[] = [];
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const stage of STAGES) {
    const result = await runStage(stage);
    stages.push(result);
    for (const phase of stage.flat()) {
      const report = readReport(phase);
      if (!report) continue;
      files.push(...report.files);
      counts.passed += report.counts.passed;
      counts.failed += report.counts.failed;
      counts.skipped += report.counts.skipped;
    }
    if (!result.ok && !keepGoing) break;
  }
  const table = phaseTable(stages);
  const passed = stages.length === STAGES.length && stages.every((stage) => stage.ok);
  console.log(`\n${table}\n`);
  if (write) {
    const commit = spawnText('git', ['rev-parse', '--short', 'HEAD']);
    writeBenchSection(
      'suite',
      [
        `The suite (\`npm run bench:suite\`, the phases of \`npm test\`) on ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ` +
          `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. 1-minute load ` +
          `average ${loadBefore.toFixed(1)} when it started, ${loadAverage().toFixed(1)} when it ended; each phase's own in ` +
          `the table. CPU (machine) is the whole machine's busy time while the phase or stage ran (every process, ` +
          `/proc/stat); CPU (its processes) is what the phase's own processes spent, without processes that left its tree ` +
          `(the PostgreSQL, nginx and Dovecot daemons; in Playwright, about half of Chromium's CPU). Compare the machine's column. Phases marked ↳ ran side by side in the stage above them.`,
        '',
        table,
        '',
        `The ${SLOWEST} slowest test files (Vitest: the file's span in its worker; Playwright: its tests' runs, hooks ` +
          'included, per browser project):',
        '',
        slowestTable(files),
      ].join('\n'),
    );
  }
  // The plain closing line CI reads, over every Vitest and Playwright test that ran.
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  return passed ? 0 : 1;
}

function spawnText(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'an unknown commit';
  }
}

/** Removes the prepared template, once, whether the run ended or was interrupted. */
let released: Promise<void> | undefined;
function releaseTemplate(): Promise<void> {
  released ??= preparing.then(
    (prepared) => prepared.release(),
    () => undefined,
  );
  return released;
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    void releaseTemplate().finally(() => process.exit(code));
  });
}

try {
  process.exitCode = await main();
} finally {
  await releaseTemplate();
}
