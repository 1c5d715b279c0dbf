/**
 * Runs a team command in-process with its output captured (the CLI tests and the workspace's browser spec): the
 * command's `main`, a test's settings on top of no DATABASE_URL (PGlite unless the test names PostgreSQL).
 */
import type { CliIo } from './cli-connection';

export interface CapturedRun {
  stdout: string;
  stderr: string;
  code: number;
}

export async function runCaptured(
  main: (args: string[], io: CliIo) => Promise<number>,
  env: Record<string, string>,
  args: string[],
): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env: { DATABASE_URL: '', ...env },
    out: (text) => {
      stdout += `${text}\n`;
    },
    err: (text) => {
      stderr += `${text}\n`;
    },
  });
  return { stdout, stderr, code };
}
