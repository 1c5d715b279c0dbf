import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { pretendardSubsets } from '../../build/pretendard-subsets';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The component tests that replace a module (`vi.mock`): they run as the project `web-mocks`, each file in a fresh
 * module graph (vitest.mocks.config.ts). tests/architecture/test-isolation.test.ts keeps this list whole.
 */
export const MODULE_MOCKING_TESTS = [
  'src/web/site/boot/start-page.test.ts',
  'src/web/site/components/portfolio/demo-dialog-shell.test.tsx',
  'src/web/site/components/portfolio/portfolio-section.test.tsx',
  'src/web/site/features/idea-form/idea-form-hydration.test.tsx',
];

/** The project `web` and `web-mocks` share everything but which files and their isolation. */
export const webProject = {
  root,
  // Resolves the font stylesheets the idea form imports lazily (CSS is not processed in tests).
  plugins: [pretendardSubsets(root), react()],
  // Packages' ES module builds, as a browser bundle would pick (Testing Library's CommonJS build would `require` React).
  resolve: { mainFields: ['module', 'main'] },
  test: {
    dir: root,
    name: 'web',
    testTimeout: 20_000,
    environment: 'jsdom' as const,
    // Two files at once: most of a file's time is setting up jsdom, which two cores share well (decision 123).
    maxWorkers: 2,
    // Projects with their own number of workers run as groups of their own when run together (`npm run test:unit`).
    sequence: { groupOrder: 1 },
    include: ['src/web/**/*.test.{ts,tsx}', 'src/content/**/*.test.ts'],
    // Bundled through Vite, not loaded by Node, so their `react`/`react-dom` imports meet the same aliases.
    server: { deps: { inline: [/@testing-library\/react/, /@radix-ui\//] } },
    setupFiles: [fileURLToPath(new URL('../../test-support/web/test-setup.ts', import.meta.url))],
  },
};

export default defineProject({
  ...webProject,
  test: {
    ...webProject.test,
    exclude: MODULE_MOCKING_TESTS,
    // The files of a worker share its modules (decision 123): jsdom, React and the app imported once per worker, not
    // once per file. The 216 tests took 40 s and 75 CPU-s; now 9.5 s and 16 CPU-s here, and 4.6 s and 8 CPU-s for the
    // four files that mock a module (web-mocks, isolated).
    isolate: false,
  },
});
