import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Budgets read the built site (dist/site): run after `npm run build`.
export default defineProject({
  root,
  test: {
    dir: root,
    name: 'budgets',
    environment: 'node',
    include: ['tests/budgets/**/*.test.ts'],
    // Lighthouse needs both cores and the one budget port: run files one after another, with generous timeouts.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
