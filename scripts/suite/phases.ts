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

/**
 * A tool of the project's own, as `npm run` finds it (node_modules/.bin), without npx's start (0.4 s a phase here).
 */
export const bin = (tool: string): string => `node_modules/.bin/${tool}`;

/**
 * Prettier's cache (node_modules/.cache/prettier): a file whose content, Prettier version and options are those of its
 * last passing check is not formatted again. A fresh clone checks every file, a working copy the files that changed
 * (decision 123 has the figures).
 */
const PRETTIER_CACHE = ['--cache', '--cache-strategy', 'content'];

export interface Phase {
  name: string;
  command: string[];
  /** A JSON report this phase writes, read for the slowest files. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
  /** Gets the migrated PGlite cluster the runner prepared once (scripts/suite/prepared.ts) instead of making one. */
  pgliteTemplate?: boolean;
}

const vitestPhase = (project: string, pgliteTemplate?: boolean): Phase => {
  const file = `${REPORT_DIR}/vitest-${project}.json`;
  return {
    name: `vitest ${project}`,
    pgliteTemplate,
    command: [
      bin('vitest'),
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

const phaseOf = (name: string, command: string[], report?: Phase['report'], pgliteTemplate?: boolean): Phase => ({
  name,
  command,
  report,
  pgliteTemplate,
});
const build = phaseOf('build', [bin('tsx'), 'build/build-site.ts']);
const playwright = phaseOf(
  'playwright',
  [bin('playwright'), 'test', '--reporter=list,json'],
  { kind: 'playwright', file: `${REPORT_DIR}/playwright.json` },
  true,
);

/** A stage of the suite: its lanes run side by side, and each lane's phases one after another. */
export type Stage = Phase[][];
const alone = (phase: Phase): Stage => [[phase]];

/**
 * The stages, in order (decision 123 has the figures). A phase runs alone unless it leaves a core idle: the suite is
 * CPU-bound on two cores, and two busy phases side by side only make each pay more. The erasure suites (waiting on
 * PostgreSQL's disk), the deployment's (nginx, Dovecot, a backup) and the budgets (Lighthouse loading pages) each
 * keep about half a core busy, so they share the machine. Each starts its own servers on ports of its own, and the
 * erasure suites keep their PostgreSQL cluster to themselves.
 */
export const STAGES: Stage[] = [
  alone(phaseOf('typecheck', [bin('tsc'), '--noEmit'])),
  alone(phaseOf('lint', [bin('eslint'), '.', '--max-warnings', '0'])),
  alone(phaseOf('format', [bin('prettier'), '--check', '.', ...PRETTIER_CACHE])),
  ...(['architecture', 'build', 'web', 'web-mocks'] as const).map((project) => alone(vitestPhase(project))),
  alone(vitestPhase('server', true)),
  [
    [vitestPhase('erasure', true)],
    [vitestPhase('deploy'), vitestPhase('demos'), vitestPhase('bench')],
    [build, vitestPhase('budgets')],
  ],
  alone(playwright),
];

/** Every phase, in the order the stages start them. */
export const PHASES: Phase[] = STAGES.flat(2);
