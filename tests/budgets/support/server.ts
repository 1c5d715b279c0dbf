/** Starts the real server (src/server/main.ts) on the production build, with a throwaway data directory. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './built-site';
import { EXAMPLE_AGENCY_ENV } from '../../../src/server/config';

export interface RunningServer {
  origin: string;
  /** The server's throwaway data directory (PGlite's files), deleted by `stop()` unless `keepData`. */
  dataDir: string;
  /** Stops the server (it writes what it holds in memory as it stops); `keepData` leaves the data directory. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Fails when something already listens on the port: the health check below would otherwise pass against that
 * other process (a server left running by an earlier, interrupted run, serving whatever build it was given) and
 * every figure measured through it would describe the wrong site.
 */
export async function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is already in use (a server left from an earlier run?); stop it first`)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** `env` adds to the server's environment (the web benchmark's phone profile raises the per-address rate limit). */
export async function startServer(
  port: number,
  { timeoutMs = 120_000, env = {} }: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  await assertPortFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'budgets-data-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SITE_URL: 'https://mvp24.example', // production refuses a local SITE_URL
      ...EXAMPLE_AGENCY_ENV, // production refuses to start without the agency's details
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return { origin, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server on port ${port} did not become healthy (exit code ${child.exitCode}):\n${output}`);
}
