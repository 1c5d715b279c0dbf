/**
 * Entry point: validates the environment, builds the app, listens, and shuts down gracefully on SIGINT/SIGTERM
 * (stop accepting, finish in-flight requests, let the mail worker finish its current mail, close the database).
 * On PGlite it also owns DATA_DIR (lock file) and serves the team CLI through the loopback admin API.
 * Everything it creates is closed to other accounts (umask 077; an older, looser DATA_DIR is tightened), and a
 * DATA_DIR it cannot write stops it with one line saying why (decision 077).
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { startAdminApi } from './admin/admin-api';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { warnAtStart } from './http/proxy-detection';
import { acquireDataDirLock, DataDirBusyError, type DataDirLock } from './db/data-dir-lock';
import { PGLITE_SUBDIR } from './db/client';
import { closeFilesToOthers, keepsFilesInDataDir, probeDataDir, tightenDataDir } from './storage/data-dir-access';
import { describeStorageProblem, storageProblem } from './storage/storage-errors';

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

if (!closeFilesToOthers())
  fail('Cannot start: the umask could not be set to 077, so new files would be readable by other accounts.');
const config = readConfig();

/** One line naming DATA_DIR (or the folder in it) and what is wrong with it, or undefined when it can be written. */
function dataDirProblem(dir: string): string | undefined {
  const problem = probeDataDir(dir);
  if (problem === 'not-a-directory') return `DATA_DIR (${dir}) is not a directory.`;
  return problem && describeStorageProblem(problem, dir);
}

if (keepsFilesInDataDir(config)) {
  const problem = dataDirProblem(config.dataDir);
  if (problem) fail(`Cannot start: ${problem}`);
  const tightened = tightenDataDir(config.dataDir);
  if (tightened > 0)
    console.warn(
      `DATA_DIR (${config.dataDir}): closed ${tightened} files and folders to other accounts (now 0700/0600).`,
    );
}
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = acquireDataDirLock(config.dataDir, 'server');
  } catch (error) {
    if (error instanceof DataDirBusyError)
      fail(`Cannot start: ${error.message}. PGlite allows one process per DATA_DIR (${config.dataDir}).`);
    throw error;
  }
}

let app: FastifyInstance | undefined;
let admin: FastifyInstance | undefined;

// The grace period lets the mail in flight finish: a slow server may take all of SMTP_TIMEOUT_MS to accept it, and
// cutting it off would send it again after its lease (config.shutdownGraceMs, send-deadlines.ts; systemd's
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
  warnAtStart(config, app.log);
  if (!config.databaseUrl) {
    const outbox = app.outbox;
    admin = await startAdminApi({ database: app.database, dataDir: config.dataDir, onQueued: () => outbox.nudge() });
  }
  app.log.info(
    { database: app.database.kind, mail: config.mail.smtpUrl ? 'smtp' : `eml files in ${config.dataDir}/outbox` },
    'intake ready',
  );
  // A parent that started this process with an IPC channel (a process manager, the browser tests) hears it is
  // ready rather than polling /healthz.
  process.send?.({ ready: true });
} catch (error) {
  // Storage the process cannot write is the operator's to fix: one line, no stack (PGlite says only that it
  // "failed to initialize properly", so its folder is probed again).
  const problem = storageProblem(error)
    ? describeStorageProblem(storageProblem(error)!, config.dataDir)
    : !config.databaseUrl && /PGlite failed to initialize/.test(String(error))
      ? (dataDirProblem(path.join(config.dataDir, PGLITE_SUBDIR)) ??
        `PGlite could not open its files in ${path.join(config.dataDir, PGLITE_SUBDIR)} (DATA_DIR).`)
      : undefined;
  console.error(problem ? `Cannot start: ${problem}` : error);
  await app?.close().catch(() => {});
  lock?.release();
  process.exit(1);
}
