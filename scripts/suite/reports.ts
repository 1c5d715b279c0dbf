/**
 * Reads the phases' JSON reports (Vitest's and Playwright's) for what the suite's benchmark needs: each test file's
 * time, and the tests counted. A file's time is Vitest's own span for it; for Playwright, the sum of its tests' runs
 * (hooks included) per browser project, which is what the file costs the two workers together.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Phase } from './phases';

export interface FileTime {
  phase: string;
  file: string;
  ms: number;
  tests: number;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

interface PlaywrightSpec {
  file: string;
  tests: { projectName: string; results: { duration: number; status: string }[]; status: string }[];
}
interface PlaywrightSuite {
  file: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const relative = (file: string) => path.relative(process.cwd(), path.resolve(file));

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function specsOf(suite: PlaywrightSuite): PlaywrightSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

/** Each test file's time and count in the phase's report, and the phase's counts (none when it wrote no report). */
export function readReport(phase: Phase): { files: FileTime[]; counts: Counts } | undefined {
  if (!phase.report) return undefined;
  if (phase.report.kind === 'vitest') {
    const report = readJson<VitestReport>(phase.report.file);
    if (!report) return undefined;
    return {
      files: report.testResults.map((result) => ({
        phase: phase.name,
        file: relative(result.name),
        ms: result.endTime - result.startTime,
        tests: result.assertionResults.length,
      })),
      counts: {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      },
    };
  }
  const report = readJson<PlaywrightReport>(phase.report.file);
  if (!report) return undefined;
  const byFile = new Map<string, FileTime>();
  for (const spec of report.suites.flatMap(specsOf)) {
    for (const test of spec.tests) {
      const key = `${spec.file} [${test.projectName}]`;
      const entry = byFile.get(key) ?? { phase: phase.name, file: key, ms: 0, tests: 0 };
      entry.ms += test.results.reduce((sum, result) => sum + result.duration, 0);
      entry.tests += 1;
      byFile.set(key, entry);
    }
  }
  return {
    files: [...byFile.values()].map((entry) => ({ ...entry, file: `tests/e2e/${entry.file}` })),
    counts: {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    },
  };
}
