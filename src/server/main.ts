/**
 * Entry point: validates the environment, builds the app, listens, and shuts down gracefully on SIGINT/SIGTERM
 * (stop accepting, finish in-flight requests, let the mail worker finish its current mail, close the database).
 * On PGlite it also owns DATA_DIR (lock file) and serves the team CLI through the loopback admin API.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { startAdminApi } from './admin/admin-api';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { acquireDataDirLock, DataDirBusyError, type DataDirLock } from './db/data-dir-lock';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

const config = readConfig();
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = acquireDataDirLock(config.dataDir, 'server');
  } catch (error) {
    if (error instanceof DataDirBusyError) fail(`Cannot start: ${error.message}. PGlite allows one process per DATA_DIR (${config.dataDir}).`);
    throw error;
  }
}

let app: FastifyInstance | undefined;
let admin: FastifyInstance | undefined;

// The grace period lets the mail in flight finish: a slow server may take all of SMTP_TIMEOUT_MS to accept it, and
// cutting it off would send it again after its lease (config.shutdownGraceMs, mail/send-deadlines.ts; systemd's
// TimeoutStopSec in deploy/mvp24.service is longer). Unsent claimed mails are handed back, not waited for.
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  if (err) app?.log.error({ err }, 'shutting down after an error');
  else app?.log.info({ signal }, 'shutting down');
  await admin?.close();
  await app?.close();
  lock?.release();
});

try {
  app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  if (!config.databaseUrl) {
    const outbox = app.outbox;
    admin = await startAdminApi({ database: app.database, dataDir: config.dataDir, onQueued: () => outbox.nudge() });
  }
  app.log.info(
    { database: app.database.kind, mail: config.mail.smtpUrl ? 'smtp' : `eml files in ${config.dataDir}/outbox` },
    'intake ready',
  );
} catch (error) {
  console.error(error);
  await app?.close().catch(() => {});
  lock?.release();
  process.exit(1);
}
