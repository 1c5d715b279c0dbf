import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { pretendardSubsets } from '../../build/pretendard-subsets';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineProject({
  root,
  // Resolves the font stylesheets the idea form imports lazily (CSS is not processed in tests).
  plugins: [pretendardSubsets(root), react()],
  // Packages' ES module builds, as a browser bundle would pick (Testing Library's CommonJS build would `require` React).
  resolve: { mainFields: ['module', 'main'] },
  test: {
    dir: root,
    name: 'web',
    testTimeout: 20_000,
    environment: 'jsdom',
    // Two files at once: most of a file's time is setting up jsdom, which two cores share well (decision 123).
    maxWorkers: 2,
    // Projects with their own number of workers run as groups of their own when run together (`npm run test:unit`).
    sequence: { groupOrder: 1 },
    include: ['src/web/**/*.test.{ts,tsx}', 'src/content/**/*.test.ts'],
    // Bundled through Vite, not loaded by Node, so their `react`/`react-dom` imports meet the same aliases.
    server: { deps: { inline: [/@testing-library\/react/, /@radix-ui\//] } },
    setupFiles: [fileURLToPath(new URL('../../test-support/web/test-setup.ts', import.meta.url))],
  },
});
