/**
 * The phases of `npm test`, in order: the one home of what the suite runs (decision 123). The runner
 * (scripts/suite/run.ts) times each one; `npm run test:changed` (scripts/suite/changed.ts) picks from the same list.
 */

/** The Vitest projects, each a phase of its own so its time is its own (their configs: vitest.config.ts). */
export const VITEST_PROJECTS = [
  'architecture',
  'build',
  'web',
  'web-mocks',
  'server',
  'erasure',
  'demos',
  'bench',
  'deploy',
] as const;

/** Where the phases' machine-readable reports go (per-file times for the benchmark's slowest files). */
export const REPORT_DIR = 'test-results/suite';

export interface Phase {
  name: string;
  command: string[];
  /** A JSON report this phase writes, read for the slowest files. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
}

const vitestPhase = (project: string): Phase => {
  const file = `${REPORT_DIR}/vitest-${project}.json`;
  return {
    name: `vitest ${project}`,
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    report: { kind: 'vitest', file },
  };
};

export const PHASES: Phase[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  ...VITEST_PROJECTS.map(vitestPhase),
  { name: 'build', command: ['npx', 'tsx', 'build/build-site.ts'] },
  vitestPhase('budgets'),
  {
    name: 'playwright',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    report: { kind: 'playwright', file: `${REPORT_DIR}/playwright.json` },
  },
];
