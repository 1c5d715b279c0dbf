import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { pretendardSubsets } from './build/pretendard-subsets';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineProject({
  root,
  // Resolves the font stylesheets the idea form imports lazily (CSS is not processed in tests).
  plugins: [pretendardSubsets(root)],
  test: {
    dir: root,
    name: 'web',
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/web/**/*.test.{ts,tsx}', 'src/content/**/*.test.ts'],
    setupFiles: [fileURLToPath(new URL('./test-setup.ts', import.meta.url))],
  },
});
