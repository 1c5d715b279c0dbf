/**
 * Storage failures told apart from other errors (decision 077): a write refused because the disk is full, the file
 * system read-only, or the files not ours. Node reports them as errno codes; PostgreSQL and PGlite as SQLSTATE 53100
 * (disk_full) or 42501 with the system's message (errcode_for_file_access maps EROFS/EACCES/EPERM there). Drizzle
 * wraps a driver's error as `cause`, so the chain is followed.
 */
export type StorageProblem = 'full' | 'read-only' | 'not-writable';

const ERRNO: Record<string, StorageProblem> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EACCES: 'not-writable',
  EPERM: 'not-writable',
};

const DISK_FULL = '53100';

const MESSAGES: [RegExp, StorageProblem][] = [
  [/no space left on device|disk quota exceeded/i, 'full'],
  [/read-only file system/i, 'read-only'],
  [/could not (?:open|create|write|extend|fsync|rename).*permission denied/i, 'not-writable'],
];

/** What went wrong with the storage, or undefined when `error` is not a storage failure. */
export function storageProblem(error: unknown): StorageProblem | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && ERRNO[code]) return ERRNO[code];
    if (code === DISK_FULL) return 'full';
    if (typeof message === 'string') {
      const found = MESSAGES.find(([pattern]) => pattern.test(message));
      if (found) return found[1];
    }
    current = cause;
  }
  return undefined;
}

/** One line for the operator: what is wrong with `dir` (no personal data; the path is the operator's own). */
export function describeStorageProblem(problem: StorageProblem, dir: string): string {
  switch (problem) {
    case 'full':
      return `DATA_DIR (${dir}) is full: no space left on its device. Free some space, then start again.`;
    case 'read-only':
      return `DATA_DIR (${dir}) is on a read-only file system. Mount it read-write, or point DATA_DIR elsewhere.`;
    case 'not-writable':
      return `DATA_DIR (${dir}) is not writable by this account (uid ${process.getuid?.() ?? '?'}). Give it to this account (chown), or point DATA_DIR elsewhere.`;
  }
}
