/**
 * `npm test`: runs the suite's phases (scripts/suite/phases.ts) one after another, stops at the first that fails,
 * and ends with a table of each phase's wall and CPU time and one line counting the tests (decision 123).
 * `npm run bench:suite` runs the same and writes the table and the 20 slowest test files to docs/benchmarks.md.
 *
 * Flags: `--write` (what bench:suite passes) writes the benchmark section; `--keep-going` runs every phase even after
 * one failed.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { writeBenchSection } from '../bench/benchmarks-doc';
import { loadAverage, machineBusySeconds, phaseTable, type PhaseFigures } from './measure';
import { PHASES, REPORT_DIR, type Phase } from './phases';
import { readReport, type Counts, type FileTime } from './reports';

const write = process.argv.includes('--write');
const keepGoing = process.argv.includes('--keep-going');
const SLOWEST = 20;

function runPhase(phase: Phase): Promise<PhaseFigures> {
  const loadAtStart = loadAverage();
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  console.log(`\n▶ ${phase.name}: ${phase.command.join(' ')}`);
  const [command, ...args] = phase.command;
  const child = spawn(command!, args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...(phase.report?.kind === 'playwright' ? { PLAYWRIGHT_JSON_OUTPUT_FILE: phase.report.file } : {}),
    },
  });
  return new Promise((resolve) => {
    child.once('close', (code) =>
      resolve({
        name: phase.name,
        wallMs: performance.now() - started,
        cpuS: machineBusySeconds() - busyBefore,
        loadAtStart,
        ok: code === 0,
      }),
    );
  });
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
  const figures: PhaseFigures[] = [];
  const files: FileTime[] = [];
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const phase of PHASES) {
    const result = await runPhase(phase);
    figures.push(result);
    const report = readReport(phase);
    if (report) {
      files.push(...report.files);
      counts.passed += report.counts.passed;
      counts.failed += report.counts.failed;
      counts.skipped += report.counts.skipped;
    }
    if (!result.ok && !keepGoing) break;
  }
  const table = phaseTable(figures);
  const passed = figures.length === PHASES.length && figures.every((phase) => phase.ok);
  console.log(`\n${table}\n`);
  if (write) {
    const commit = spawnText('git', ['rev-parse', '--short', 'HEAD']);
    writeBenchSection(
      'suite',
      [
        `The suite (\`npm run bench:suite\`, the phases of \`npm test\`) on ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ` +
          `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. 1-minute load ` +
          `average ${loadBefore.toFixed(1)} when it started, ${loadAverage().toFixed(1)} when it ended; each phase's own in ` +
          `the table. CPU is the whole machine's busy time while the phase ran (every process, /proc/stat).`,
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

process.exitCode = await main();
