import { defineProject } from 'vitest/config';
import { MODULE_MOCKING_TESTS, webProject } from './vitest.config';

/** The component tests that replace a module, each file in a fresh module graph (vitest.config.ts says why). */
export default defineProject({
  ...webProject,
  test: { ...webProject.test, name: 'web-mocks', include: MODULE_MOCKING_TESTS },
});
