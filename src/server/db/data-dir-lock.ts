/**
 * One process per PGlite data dir: the server and the CLI (when it opens the files itself) take DATA_DIR/pglite.lock,
 * a file naming its owner: pid, role, the boot it ran in (/proc/sys/kernel/random/boot_id), the process's start
 * time (/proc/<pid>/stat) and a random nonce. A lock is live only while that very process runs: same boot, pid alive,
 * same start time; a lock from another boot, or whose pid now belongs to a process started later, is stale.
 *
 * Every step is atomic (decision 077): a fresh lock is a complete file hard-linked into place (link fails when the
 * name exists, and no reader ever sees a half-written lock). A stale lock is replaced by rename, but only by the one
 * taker that first creates the marker `pglite.lock.takeover-<nonce of the stale lock>` (exclusive create); that taker
 * checks the lock still holds the stale nonce before renaming its own over it, so of many concurrent takers exactly
 * one wins and the others see its live lock. A marker left by a taker that died mid-way is itself a stale lock and
 * taken over the same way. Nothing is ever removed and then created.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export interface LockOwner {
  pid: number;
  role: string;
}

interface LockRecord extends LockOwner {
  bootId?: string;
  startTime?: string;
  nonce?: string;
}

export class DataDirBusyError extends Error {
  readonly owner: LockOwner;
  constructor(owner: LockOwner) {
    super(`DATA_DIR is in use by ${owner.role} (pid ${owner.pid})`);
    this.name = 'DataDirBusyError';
    this.owner = owner;
  }
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'pglite.lock');
const takeoverMarker = (file: string, nonce: string) => `${file}.takeover-${nonce}`;

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export const currentBootId = (): string | undefined => readText(BOOT_ID_FILE);

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot (undefined: no such process). */
export function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the process that wrote `record` still runs (not merely a process with the same pid). */
export function isLive(record: LockRecord): boolean {
  if (!Number.isInteger(record.pid) || record.pid <= 0) return false;
  if (record.bootId !== undefined) {
    const bootId = currentBootId();
    if (bootId !== undefined && bootId !== record.bootId) return false;
  }
  if (!pidExists(record.pid)) return false;
  if (record.startTime !== undefined) {
    const startTime = processStartTime(record.pid);
    if (startTime !== undefined && startTime !== record.startTime) return false;
  }
  return true;
}

function ownRecord(role: string): Required<LockRecord> {
  return {
    pid: process.pid,
    role,
    bootId: currentBootId() ?? '',
    startTime: processStartTime(process.pid) ?? '',
    nonce: crypto.randomBytes(12).toString('hex'),
  };
}

/** The lock's record: undefined when there is none; an unreadable one counts as stale (locks are written whole). */
function readRecord(file: string): LockRecord | undefined | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const record = JSON.parse(text) as LockRecord;
    return typeof record.pid === 'number' ? record : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** The live owner of DATA_DIR's lock, if any. */
export function readLockOwner(dataDir: string): LockOwner | undefined {
  const record = readRecord(lockFile(dataDir));
  return record && record !== 'unreadable' && isLive(record) ? { pid: record.pid, role: record.role } : undefined;
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** A complete copy of `record` under a name of its own beside `file`, to link or rename into place. */
function writeTemp(file: string, record: LockRecord): string {
  const temp = `${file}.tmp-${record.nonce}-${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
  return temp;
}

const nonceOf = (record: LockRecord | 'unreadable') =>
  record === 'unreadable' ? 'unreadable' : (record.nonce ?? `pid${record.pid}`);

/**
 * Makes `file` hold `record`: 'won', or the live owner that holds it. Recursion depth grows only with takers that
 * died in the middle of a take-over (one level each), so it is bounded in practice; MAX_DEPTH guards the rest.
 */
const MAX_DEPTH = 8;

function claim(file: string, record: LockRecord, depth = 0): 'won' | LockOwner {
  if (depth > MAX_DEPTH) throw new Error(`could not lock ${file}: too many abandoned take-overs`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const temp = writeTemp(file, record);
    try {
      fs.linkSync(temp, file);
      return 'won';
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
    const current = readRecord(file);
    if (current === undefined) continue; // released meanwhile: try the fresh lock again
    if (current !== 'unreadable' && isLive(current)) return { pid: current.pid, role: current.role };
    const staleNonce = nonceOf(current);
    const marker = takeoverMarker(file, staleNonce);
    const markerClaim = claim(marker, record, depth + 1);
    if (markerClaim !== 'won') return { pid: markerClaim.pid, role: `${markerClaim.role} (taking over a stale lock)` };
    try {
      // Only this taker may replace that stale generation; it still must be the one in place (a taker that finished
      // before us and removed its marker leaves its own live lock there).
      const now = readRecord(file);
      if (now !== undefined && nonceOf(now) === staleNonce) {
        fs.renameSync(writeTemp(file, record), file);
        return 'won';
      }
    } finally {
      fs.rmSync(marker, { force: true });
    }
  }
  throw new Error(`could not lock ${file}`);
}

export function acquireDataDirLock(dataDir: string, role: 'server' | 'cli'): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const record = ownRecord(role);
  const outcome = claim(file, record);
  if (outcome !== 'won') throw new DataDirBusyError(outcome);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const current = readRecord(file);
      if (current !== undefined && current !== 'unreadable' && current.nonce === record.nonce)
        fs.rmSync(file, { force: true });
    },
  };
}
