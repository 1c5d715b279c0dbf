import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The deployment guide's steps, run here: a real nginx in front of the app, backups restored. */
export default defineProject({
  root,
  test: {
    dir: root,
    name: 'deploy',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['tests/deploy/**/*.test.ts'],
  },
});
