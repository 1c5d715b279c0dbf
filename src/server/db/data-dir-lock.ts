/**
 * One process per PGlite data dir: the server and the CLI (when it opens the files itself) take
 * DATA_DIR/pglite.lock, an exclusively created file holding the owner's pid. A lock whose process is gone is
 * stale and taken over; a live one is refused with a message naming the owner.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(readonly owner: { pid: number; role: string }) {
    super(`DATA_DIR is in use by ${owner.role} (pid ${owner.pid})`);
    this.name = 'DataDirBusyError';
  }
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'pglite.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockOwner(dataDir: string): { pid: number; role: string } | undefined {
  const file = lockFile(dataDir);
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; role: string };
    return alive(owner.pid) ? owner : undefined;
  } catch {
    // Unreadable: missing, or just created and not yet written (treat a fresh one as held).
    try {
      return Date.now() - fs.statSync(file).mtimeMs < 5000 ? { pid: 0, role: 'a starting process' } : undefined;
    } catch {
      return undefined;
    }
  }
}

export function acquireDataDirLock(dataDir: string, role: 'server' | 'cli'): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, role }));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(dataDir);
      if (owner) throw new DataDirBusyError(owner);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${file}`);
}
