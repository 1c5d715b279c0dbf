/**
 * DATA_DIR is closed to other accounts (decision 077): the process creates everything with umask 0o077 (directories
 * 0700, files 0600: PGlite's table files and WAL, the .eml files, the lock), and a data directory made before, with
 * looser modes, is tightened once at start. A probe write tells at start whether the directory can be written at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { storageProblem, type StorageProblem } from './storage-errors';

/** Whether the process keeps files in DATA_DIR: the PGlite files without DATABASE_URL, the .eml files without SMTP_URL. */
export const keepsFilesInDataDir = (config: Pick<Config, 'databaseUrl' | 'mail'>): boolean =>
  !config.databaseUrl || !config.mail.smtpUrl;

/** No permission bits for group or others on anything this process creates. */
export const PRIVATE_UMASK = 0o077;

/** Sets the process's umask to PRIVATE_UMASK and returns whether it took (the caller refuses to go on otherwise). */
export function closeFilesToOthers(): boolean {
  process.umask(PRIVATE_UMASK);
  return process.umask(PRIVATE_UMASK) === PRIVATE_UMASK;
}

/**
 * Removes group and other permissions from `dir` and everything under it (symlinks are left alone, not followed);
 * returns how many entries changed. A directory that does not exist yet is nothing to tighten.
 */
export function tightenDataDir(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let changed = 0;
  const tighten = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & PRIVATE_UMASK) !== 0) {
      fs.chmodSync(entry, stat.mode & 0o7777 & ~PRIVATE_UMASK);
      changed += 1;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) tighten(path.join(entry, name));
  };
  tighten(dir);
  return changed;
}

/** Creates `dir` if needed and writes and removes a probe file in it: undefined when that worked, else what failed. */
export function probeDataDir(dir: string): StorageProblem | 'not-a-directory' | undefined {
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, '1', { flag: 'w' });
    fs.rmSync(probe, { force: true });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') return 'not-a-directory';
    const problem = storageProblem(error);
    if (problem) return problem;
    throw error;
  }
}
