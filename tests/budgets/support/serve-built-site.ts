/** For budget test files: the production build served by the real server while the file's tests run. */
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './server';

/**
 * The production build served by the real server for the whole test file: started before its tests (after checking
 * there is a build), stopped after them. Returns the running server's getter.
 */
export function serveBuiltSiteForFile(port: number, requireBuiltSite: () => void): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    requireBuiltSite();
    server = await startServer(port);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the site server is not running');
    return server;
  };
}
