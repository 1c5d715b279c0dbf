import { defineConfig } from 'vitest/config';

// Each part of the house owns its own test project (environment, setup, includes).
export default defineConfig({
  test: {
    projects: [
      'build/vitest.config.ts',
      'src/web/vitest.config.ts',
      'src/web/vitest.mocks.config.ts',
      'src/server/vitest.config.ts',
      'src/server/vitest.erasure.config.ts',
      'scripts/demos/vitest.config.ts',
      'scripts/bench/vitest.config.ts',
      'tests/budgets/vitest.config.ts',
      'tests/architecture/vitest.config.ts',
      'tests/deploy/vitest.config.ts',
    ],
  },
});
