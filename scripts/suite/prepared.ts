/**
 * The migrated PGlite cluster every database phase copies, made once for the whole `npm test` (decision 123). The
 * runner starts making it while the first phases (typecheck, lint) leave a core idle, and hands it to the phases
 * that ask (`pgliteTemplate` in phases.ts) through the environment their global setups read (SUITE_PREPARED_ENV).
 * Without the runner, each of those phases makes its own. PostgreSQL stays each phase's own: a cluster shared from
 * phase to phase carries one phase's databases (its suites do not drop them) into the next.
 */
import fs from 'node:fs';
import { preparePgliteTemplate, SUITE_PREPARED_ENV } from '../../test-support/server/prepared-database';

export interface PreparedTemplate {
  /** What a phase that asks for the template (`pgliteTemplate`) adds to its environment. */
  env: Record<string, string>;
  /** Removes the template. */
  release(): void;
}

export async function preparePgliteForSuite(): Promise<PreparedTemplate> {
  const pgliteTemplate = await preparePgliteTemplate();
  return {
    env: { [SUITE_PREPARED_ENV.pgliteTemplate]: pgliteTemplate },
    release: () => fs.rmSync(pgliteTemplate, { recursive: true, force: true }),
  };
}
