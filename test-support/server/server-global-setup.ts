/**
 * Vitest globalSetup for the server project: provides `postgresUrl` (an admin URL on which suites create their
 * own databases) and the migrated databases each suite's is copied from (prepared-database.ts, decision 123):
 * `postgresTemplate` on that server and `pgliteTemplateDir`. TEST_DATABASE_URL wins when set; otherwise a
 * throwaway cluster is started and stopped here. Without PostgreSQL binaries this fails loudly (never skips).
 * Under `npm test` the runner has made the PGlite template already (SUITE_PREPARED_ENV): it is used, and left to it.
 */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';
import {
  dropPostgresTemplate,
  givenPgliteTemplate,
  preparePgliteTemplate,
  preparePostgresTemplate,
} from './prepared-database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    postgresTemplate: string;
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  const cluster = external ? undefined : await startPostgresCluster();
  const postgresUrl = external ?? cluster!.url;
  const givenPglite = givenPgliteTemplate();
  const [postgresTemplate, pgliteTemplateDir] = await Promise.all([
    preparePostgresTemplate(postgresUrl),
    givenPglite ?? preparePgliteTemplate(),
  ]);
  project.provide('postgresUrl', postgresUrl);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  return async () => {
    if (!givenPglite) fs.rmSync(pgliteTemplateDir, { recursive: true, force: true });
    if (cluster) await cluster.stop();
    else await dropPostgresTemplate(postgresUrl, postgresTemplate);
  };
}
