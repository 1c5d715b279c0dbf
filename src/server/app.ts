/**
 * buildApp(config): the whole HTTP application without a listening socket. Tests drive it with `app.inject`;
 * main.ts listens. It opens the database (unless one is given), applies migrations, registers security headers,
 * compression, the intake API, health check and the static site, and starts the outbox mail worker and the
 * scheduled jobs (digest, spam folder, retention, housekeeping: jobs/server-jobs.ts).
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { registerErrorHandlers } from './http/error-handlers';
import { resolveFormSecret } from './intake/form-secret';
import { loggerOptions } from './logger';
import { serverJobs } from './jobs/server-jobs';
import type { JobScheduler } from './jobs/scheduler';
import { OutboxWorker } from './mail/outbox-worker';
import { mailTransportFor, type MailTransport } from './mail/transport';
import { formTokenRoute } from './routes/form-token';
import { healthzRoute } from './routes/healthz';
import { ideaReceivedRoute } from './routes/idea-received';
import { sendIdeaEmailRoute } from './routes/send-idea-email';
import { loadNotFoundPage, siteRoutes } from './routes/site';
import { registerSecurityHeaders } from './security/security-headers';

export interface AppDependencies {
  /** An already open database; the caller closes it. By default buildApp opens one and closes it on app.close(). */
  database?: Database;
  /** Mail transport for the outbox worker; by default SMTP_URL's server or .eml files under DATA_DIR/outbox. */
  mailTransport?: MailTransport;
  /** Where the log lines go (tests read them); by default standard output. */
  logStream?: DestinationStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    outbox: OutboxWorker;
    jobs: JobScheduler;
  }
}

/** How often the server looks for requests past REQUEST_TIMEOUT_MS. */
export const REQUEST_TIMEOUT_CHECK_MS = 1_000;

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, dependencies.logStream),
    trustProxy: config.trustProxy,
    // The intake route sets its own limit (intake/body-limit.ts); nothing else accepts bodies.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A request (headers and body, a voice memo's multipart stream included) must arrive within requestTimeoutMs and
    // the socket may not fall silent for idleTimeoutMs: a body sent a byte a minute is answered 408 and closed.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Given to Node's createServer as well: on Node 20 a requestTimeout assigned after creation (what Fastify does
    // with its own option) is not enforced on a request whose headers arrived, so a stalled body was never cut off
    // (measured, decision 075). Node checks for overdue requests every 30 s by default; every second here.
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(REQUEST_TIMEOUT_CHECK_MS, config.http.requestTimeoutMs),
    },
  });
  const ownsDatabase = !dependencies.database;
  const database =
    dependencies.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize }));
  app.decorate('config', config);
  app.decorate('database', database);

  registerErrorHandlers(app, loadNotFoundPage(config.siteDir));
  await registerSecurityHeaders(app, config);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  const transport = dependencies.mailTransport ?? mailTransportFor({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir });
  const outbox = new OutboxWorker(
    database,
    transport,
    {
      from: config.mail.from,
      to: config.mail.teamEmail,
      pollMs: config.mail.pollMs,
      maxAgeMs: config.mail.maxAgeMs,
      retryBaseMs: config.mail.retryBaseMs,
      retryMaxMs: config.mail.retryMaxMs,
    },
    app.log,
  );
  app.decorate('outbox', outbox);
  const jobs = serverJobs(config, database, transport, app.log);
  app.decorate('jobs', jobs);
  if (config.mail.worker) app.addHook('onReady', async () => outbox.start());
  if (config.jobs) app.addHook('onReady', async () => jobs.start());
  // After the listener has closed and in-flight requests are done: finish the current job and mail (the worker
  // closes the transport they share), then close the DB.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await outbox.stop();
    if (ownsDatabase) await database.close();
  });

  const formSecret = await resolveFormSecret(database, config.form.secret);
  await app.register(formTokenRoute, { secret: formSecret, minFillMs: config.form.minFillMs });
  await app.register(sendIdeaEmailRoute, { config, database, formSecret, onStored: () => outbox.nudge() });
  await app.register(ideaReceivedRoute, { database });
  await app.register(healthzRoute, { database });
  await app.register(siteRoutes, { siteDir: config.siteDir });
  return app;
}
