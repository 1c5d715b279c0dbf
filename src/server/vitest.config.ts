import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineProject({
  root,
  test: {
    dir: root,
    name: 'server',
    environment: 'node',
    include: ['src/server/**/*.test.ts', 'src/cli/**/*.test.ts', 'src/domain/**/*.test.ts'],
    // A throwaway PostgreSQL cluster (or TEST_DATABASE_URL) for the driver-parametrised suites.
    globalSetup: [fileURLToPath(new URL('../../test-support/server/postgres-global-setup.ts', import.meta.url))],
    // The slowest server tests take 3–5 s on an idle machine (a flood, two instances, an app started per test) and
    // several times that while the e2e build or other suites share the two cores: a hang still fails, a busy hour not.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
