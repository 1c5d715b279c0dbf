import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { ERASURE_SUITES, serverTest } from './vitest.config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The erasure suites that read the database's files, alone and one at a time (vitest.config.ts says why). */
export default defineProject({
  root,
  test: { ...serverTest, name: 'erasure', include: ERASURE_SUITES, fileParallelism: false },
});
