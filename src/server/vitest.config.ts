import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The suites that erase and then read the database's own files for the person's bytes (VACUUM FULL, checkpoints):
 * the project `erasure`, alone on the PostgreSQL cluster, one file at a time. Beside other suites' databases on the
 * same cluster their purge met a TOAST chunk already gone (decision 123 has the run).
 */
export const ERASURE_SUITES = ['src/server/ideas/erased-from-disk.test.ts', 'src/server/jobs/erasure-purge.test.ts'];

/** The project `server` (and `erasure` in vitest.erasure.config.ts): the server's suites on both databases. */
export const serverTest = {
  dir: root,
  environment: 'node' as const,
  // A throwaway PostgreSQL cluster (or TEST_DATABASE_URL) for the driver-parametrised suites, and a migrated
  // database on each driver that every suite's own database is copied from (decision 123).
  globalSetup: [fileURLToPath(new URL('../../test-support/server/server-global-setup.ts', import.meta.url))],
  // The slowest server tests take 3–5 s on an idle machine (a flood, two instances, an app started per test) and
  // several times that while other suites share the two cores: a hang still fails, a busy hour not.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineProject({
  root,
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/server/**/*.test.ts', 'src/cli/**/*.test.ts', 'src/domain/**/*.test.ts'],
    exclude: ERASURE_SUITES,
    // Most of a server suite's time is waiting (SMTP, timers, PostgreSQL in its own process): three files at once
    // keep both cores busy (decision 123 has the figures).
    maxWorkers: 3,
    // The files of a worker share its modules (decision 123): each file imported the server afresh and compiled
    // PGlite's WebAssembly again, 113 of 866 summed seconds. Every suite makes its own database, apps and servers and
    // closes them, and none mocks a module. The project without isolation: 347 -> 248 s, 563 -> 340 CPU-s.
    isolate: false,
    sequence: { groupOrder: 2 },
  },
});
