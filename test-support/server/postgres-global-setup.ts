/**
 * Vitest globalSetup for the server project: provides `postgresUrl` (an admin URL on which suites create their
 * own databases). TEST_DATABASE_URL wins when set; otherwise a throwaway cluster is started and stopped here.
 * Without PostgreSQL binaries this fails loudly (never skips).
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresUrl', external);
    return undefined;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
