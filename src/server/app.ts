/**
 * buildApp(config): the whole HTTP application without a listening socket. Tests drive it with `app.inject`;
 * main.ts listens. It opens the database (unless one is given), applies migrations, registers security headers,
 * compression, the intake API, health check and the static site, and starts the outbox mail worker.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { registerErrorHandlers } from './http/error-handlers';
import { loggerOptions } from './logger';
import { healthzRoute } from './routes/healthz';
import { loadNotFoundPage, siteRoutes } from './routes/site';
import { registerSecurityHeaders } from './security/security-headers';

export interface AppDependencies {
  /** An already open database; the caller closes it. By default buildApp opens one and closes it on app.close(). */
  database?: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // proxy-addr accepts a hop count too; Fastify's types only list boolean | string | string[].
    trustProxy: config.trustProxy as boolean | string | string[],
    // The intake route sets its own 32 KB limit; nothing else accepts bodies.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  const ownsDatabase = !dependencies.database;
  const database =
    dependencies.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize }));
  app.decorate('config', config);
  app.decorate('database', database);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  registerErrorHandlers(app, loadNotFoundPage(config.siteDir));
  await registerSecurityHeaders(app, config);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(healthzRoute, { database });
  await app.register(siteRoutes, { siteDir: config.siteDir });
  return app;
}
