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
    globalSetup: [fileURLToPath(new URL('./test-support/postgres-global-setup.ts', import.meta.url))],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
