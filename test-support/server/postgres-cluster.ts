/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temp dir with Debian's binaries
 * (/usr/lib/postgresql/<version>/bin), listen on 127.0.0.1 at a free port with the unix socket in the temp dir,
 * stop and delete it at the end. As root, the cluster runs as the `postgres` user via runuser.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { makeScratchDir } from './scratch-dir';

const run = promisify(execFile);

export interface PostgresCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  /** The server's log file (what `auto_explain` writes, for scripts/bench/intake-explain.ts). */
  logFile: string;
  stop(): Promise<void>;
}

export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin. Install them with `apt-get install postgresql` ' +
        '(.ci/run does), or point TEST_DATABASE_URL at a server you can create databases on.',
    );
  }
  return path.join(root, version, 'bin');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startPostgresCluster(
  options: { durable?: boolean; port?: number; locale?: string } = {},
): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  // A test's cluster on the scratch folder (memory where there is room); a benchmark's durable one on the disk.
  const dir = options.durable ? fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-pg-')) : makeScratchDir('mvp24-pg-');
  const dataDir = path.join(dir, 'data');
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);

  await as('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    `--locale=${options.locale ?? 'C'}`,
    '--no-sync',
  ]);
  const port = options.port ?? (await freePort());
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    // Tests do not need durability; benchmarks keep PostgreSQL's defaults (fsync, synchronous_commit on).
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  const logFile = path.join(dir, 'server.log');
  await as('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', settings, '-w', '-t', '30', 'start']);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile,
    async stop() {
      await as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates a fresh database on the server at `adminUrl` and returns its URL: empty, or a copy of `template` (a migrated
 * database that prepared-database.ts made once for the run).
 */
export async function createDatabase(adminUrl: string, prefix = 'test', template?: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
