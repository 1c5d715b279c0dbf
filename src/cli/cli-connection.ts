/**
 * How a team command reaches the data, for `npm run ideas` and `npm run team` alike: with PGlite, through the running
 * server's loopback admin API when a server holds the data dir (PGlite allows one process per directory), else by
 * opening the files itself under the data-dir lock; with DATABASE_URL, on PostgreSQL directly. The direct path is
 * loaded only when taken (it brings PGlite, drizzle and pg), so a call through a running server starts fast.
 */
import fs from 'node:fs';
import { adminFile, type AdminEndpoint } from '../server/admin/admin-endpoint';
import { ConfigError, loadConfig, type Config } from '../server/config';
import type { Database } from '../server/db/client';
import { readLockOwner } from '../server/db/data-dir-lock';

export class CliError extends Error {}

/** Where a command reads its settings and writes: the process by default, a test's buffers in-process. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  /** The command's answer (stdout), one line or block at a time. */
  out(text: string): void;
  /** Notes beside it (stderr): where the data came from, where a file was saved, errors. */
  err(text: string): void;
}

export const processIo: CliIo = {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * A command's frame: reads the settings from `io.env`, connects with `connect`, runs `work`, and always disconnects.
 * A bad setting or a CliError is printed (exit code 1); anything else is a bug and thrown.
 */
export async function runCommand<Client extends { disconnect(): Promise<void> }>(
  io: CliIo,
  connect: (config: Config) => Promise<Client>,
  work: (client: Client, config: Config) => Promise<number>,
): Promise<number> {
  let client: Client | undefined;
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...io.env });
    client = await connect(config);
    return await work(client, config);
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await client?.disconnect();
  }
}

/** The running server's admin API, when one holds the data dir (its pid alive). */
export function readAdminEndpoint(dataDir: string): AdminEndpoint | undefined {
  try {
    const endpoint = JSON.parse(fs.readFileSync(adminFile(dataDir), 'utf8')) as AdminEndpoint;
    process.kill(endpoint.pid, 0);
    return endpoint;
  } catch {
    return undefined;
  }
}

/** `viaServer` when a running server answers for DATA_DIR's PGlite files, else `direct` (which opens the database). */
export async function connectCli<T>(
  config: Config,
  viaServer: (endpoint: AdminEndpoint) => T,
  direct: () => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) {
    const endpoint = readAdminEndpoint(config.dataDir);
    if (endpoint) return viaServer(endpoint);
    const owner = readLockOwner(config.dataDir);
    if (owner)
      throw new CliError(
        `DATA_DIR is held by ${owner.role} (pid ${owner.pid}) without an admin endpoint yet; try again in a moment.`,
      );
    if (!fs.existsSync(config.dataDir))
      throw new CliError(`No data yet in ${config.dataDir} (DATA_DIR). Start the server once with \`npm start\`.`);
  }
  return direct();
}

export interface CliDatabase {
  database: Database;
  /** Where the data came from, for the command's first line. */
  via: string;
  close(): Promise<void>;
}

/** Opens the database for a command: PostgreSQL, or PGlite's files under the data-dir lock (no server holds them). */
export async function openCliDatabase(config: Config): Promise<CliDatabase> {
  const { openDatabase } = await import('../server/db/client');
  const { acquireDataDirLock } = await import('../server/db/data-dir-lock');
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir, 'cli').release;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    // The records this command appends are anchored, and checked, with the server's key (team/record-anchor.ts).
    const { resolveRecordKey, registerRecordKey } = await import('../server/team/record-anchor');
    registerRecordKey(resolveRecordKey({ key: config.team.accessRecordsKey, dataDir: config.dataDir }));
    return {
      database,
      via:
        database.kind === 'postgres'
          ? 'PostgreSQL (DATABASE_URL)'
          : `PGlite files in ${config.dataDir} (no server running)`,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
