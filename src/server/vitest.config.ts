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
  },
});
