import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineProject({
  root,
  test: {
    dir: root,
    name: 'bench',
    environment: 'node',
    include: ['scripts/bench/**/*.test.ts'],
  },
});
