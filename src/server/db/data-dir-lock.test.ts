import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  currentBootId,
  DataDirBusyError,
  lockFile,
  processStartTime,
  readLockOwner,
} from './data-dir-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let dirCount = 0;
function freshDir(): string {
  dirCount += 1;
  const dir = path.join(root, `d${dirCount}`);
  fs.mkdirSync(dir);
  return dir;
}

const writeLock = (dir: string, record: object) => fs.writeFileSync(lockFile(dir), JSON.stringify(record));

/** A pid that no process has now: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data-dir lock', () => {
  it('refuses a second taker while the first holds it, and frees on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, 'server');
    expect(() => acquireDataDirLock(dir, 'cli')).toThrow(DataDirBusyError);
    expect(readLockOwner(dir)).toEqual({ pid: process.pid, role: 'server' });
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    acquireDataDirLock(dir, 'cli').release();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid(), role: 'server' });
    acquireDataDirLock(dir, 'server').release();
  });

  it('takes over a lock naming a live pid from another boot', () => {
    const dir = freshDir();
    // pid 1 runs now, but this lock says it was written in another boot: after a reboot pid numbers are reused.
    writeLock(dir, { pid: 1, role: 'server', bootId: 'a-previous-boot', startTime: processStartTime(1), nonce: 'old' });
    expect(readLockOwner(dir)).toBeUndefined();
    acquireDataDirLock(dir, 'server').release();
  });

  it('takes over a lock whose pid now belongs to a process started at another time', () => {
    const dir = freshDir();
    const startTime = processStartTime(process.pid)!;
    writeLock(dir, {
      pid: process.pid,
      role: 'server',
      bootId: currentBootId(),
      startTime: `${Number(startTime) - 1}`,
      nonce: 'old',
    });
    expect(readLockOwner(dir)).toBeUndefined();
    acquireDataDirLock(dir, 'server').release();
  });

  it('keeps a lock whose owner is this very process (same boot, same start time)', () => {
    const dir = freshDir();
    writeLock(dir, {
      pid: process.pid,
      role: 'cli',
      bootId: currentBootId(),
      startTime: processStartTime(process.pid),
      nonce: 'n',
    });
    expect(() => acquireDataDirLock(dir, 'server')).toThrow(DataDirBusyError);
  });

  describe('many processes taking over one stale lock at once', () => {
    const TAKERS = 6;
    const TRIALS = 40;
    const takers: ChildProcess[] = [];
    const replies = new Map<string, string[]>();

    beforeAll(async () => {
      const script = fileURLToPath(new URL('../../../test-support/server/lock-taker.ts', import.meta.url));
      await Promise.all(
        Array.from({ length: TAKERS }, () => {
          const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
          takers.push(child);
          child.on('message', (message: { dir: string; outcome: string } | 'ready') => {
            if (message === 'ready') return;
            replies.set(message.dir, [...(replies.get(message.dir) ?? []), message.outcome]);
          });
          return new Promise<void>((resolve) => child.once('message', () => resolve()));
        }),
      );
    });
    afterAll(() => takers.forEach((child) => child.kill()));

    it(`exactly one of ${TAKERS} wins, ${TRIALS} times over`, async () => {
      const winners: number[] = [];
      for (let trial = 0; trial < TRIALS; trial += 1) {
        const dir = freshDir();
        // Alternate the two kinds of stale lock: a dead pid, and a live pid from another boot.
        writeLock(
          dir,
          trial % 2
            ? { pid: deadPid(), role: 'server' }
            : { pid: 1, role: 'server', bootId: 'a-previous-boot', nonce: `t${trial}` },
        );
        const at = Date.now() + 50;
        for (const child of takers) child.send({ dir, at });
        await expect.poll(() => replies.get(dir)?.length ?? 0, { timeout: 20_000, interval: 5 }).toBe(TAKERS);
        const outcomes = replies.get(dir)!;
        expect(outcomes.filter((outcome) => outcome !== 'won' && outcome !== 'busy')).toEqual([]);
        winners.push(outcomes.filter((outcome) => outcome === 'won').length);
      }
      expect(winners).toEqual(Array(TRIALS).fill(1));
    }, 120_000);
  });
});
