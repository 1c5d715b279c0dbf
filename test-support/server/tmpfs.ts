/**
 * Small tmpfs mounts for the storage tests (decision 077): a full disk and a read-only one, as they really fail.
 * Mounting needs root; where it is refused, `mountTmpfs` returns undefined and the test that needs it is skipped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Tmpfs {
  dir: string;
  /** Makes the mount read-only (or read-write again). */
  remount(mode: 'ro' | 'rw'): void;
  /** Writes a filler file until the mount is full; returns its path. */
  fill(): string;
  unmount(): void;
}

export function mountTmpfs(sizeMb: number): Tmpfs | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    remount: (mode) => execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'ignore' }),
    fill() {
      const filler = path.join(dir, 'filler');
      const fd = fs.openSync(filler, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(fd);
      }
      // Small writes may still fit in the last partial block: take those bytes too.
      try {
        for (;;) fs.appendFileSync(filler, 'x');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      return filler;
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
